import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { messageResponseSchema } from '#contract/accounts';
import { INVALID_UNSUBSCRIBE_LINK, STILL_ARRIVE, UNSUBSCRIBED, unsubscribeLinkSchema } from '#contract/mail';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/BrandLogo';
import { MAIN_ID } from '../../components/SkipLink';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { api, getQueryFn, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';

const toAccount = (
  <Link href="/account" className="text-accent underline underline-offset-4">
    your account&apos;s email preferences
  </Link>
);

/**
 * The page's frame: the brand, one card, a way home. AuthShell's look without its icon, so
 * this page adds no icon to the groups the landing page's chunks are made of (decision 0024).
 */
function UnsubscribeShell({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <BrandLogo className="mb-6 text-xl" />
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold leading-tight tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      <Link href="/" className="mt-6 text-sm text-muted-foreground hover:text-foreground">
        Back to home
      </Link>
    </main>
  );
}

/**
 * /unsubscribe?token= (decision 0040), the link in a reminder email: the link is checked,
 * then one button turns reminder and offer emails off. No sign-in: the signed token is the
 * customer's word. A forged link says so and changes nothing.
 */
export function UnsubscribeLink({ token }: { token: string }) {
  const check = useQuery({ queryKey: queryKeys.unsubscribeLink(token), queryFn: getQueryFn({ schema: unsubscribeLinkSchema }), retry: false, enabled: token !== '' });
  const unsubscribe = useMutation({ mutationFn: () => api(apiRoutes.unsubscribe, { method: 'POST', body: { token }, schema: messageResponseSchema }) });
  const invalid = token === '' || check.isError;
  const done = unsubscribe.isSuccess || check.data?.reminders === false;
  useDocumentTitle(invalid ? 'Invalid Unsubscribe Link' : done ? 'Unsubscribed' : 'Unsubscribe');

  if (invalid) {
    return (
      <UnsubscribeShell title="Invalid unsubscribe link">
        <p className="text-center text-sm text-muted-foreground" role="alert">
          {messageOr(check.error, INVALID_UNSUBSCRIBE_LINK)} To change which emails you receive, sign in and use {toAccount}.
        </p>
      </UnsubscribeShell>
    );
  }
  if (check.isPending) {
    return (
      <UnsubscribeShell title="Unsubscribe">
        <p className="text-center text-sm text-muted-foreground" role="status">
          Checking your unsubscribe link...
        </p>
      </UnsubscribeShell>
    );
  }
  if (done) {
    return (
      <UnsubscribeShell title="You are unsubscribed">
        <p className="text-center text-sm text-muted-foreground" role="status">
          {UNSUBSCRIBED} {STILL_ARRIVE} You can turn reminders back on from {toAccount}.
        </p>
      </UnsubscribeShell>
    );
  }
  return (
    <UnsubscribeShell title="Unsubscribe from reminder emails" description={`Stop renewal reminders and offers from StreamPlus? ${STILL_ARRIVE}`}>
      <div className="grid gap-3">
        <Button type="button" size="lg" className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
        {unsubscribe.isError && (
          <p className="text-center text-sm text-destructive" role="alert">
            {messageOr(unsubscribe.error, 'Something went wrong. Please try again.')}
          </p>
        )}
      </div>
    </UnsubscribeShell>
  );
}
