import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { messageResponseSchema } from '#contract/accounts';
import { unsubscribeLinkSchema } from '#contract/mail';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/BrandLogo';
import { MAIN_ID } from '../../components/SkipLink';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { api, getQueryFn, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { t, useMessages } from '../../lib/i18n';

function ToAccount() {
  return (
    <Link href="/account" className="text-accent underline underline-offset-4">
      {t('account.unsubscribe.preferencesLink')}
    </Link>
  );
}

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
        {t('account.unsubscribe.backHome')}
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
  useMessages('account');
  const check = useQuery({ queryKey: queryKeys.unsubscribeLink(token), queryFn: getQueryFn({ schema: unsubscribeLinkSchema }), retry: false, enabled: token !== '' });
  const unsubscribe = useMutation({ mutationFn: () => api(apiRoutes.unsubscribe, { method: 'POST', body: { token }, schema: messageResponseSchema }) });
  const invalid = token === '' || check.isError;
  const done = unsubscribe.isSuccess || check.data?.reminders === false;
  useDocumentTitle(invalid ? t('account.unsubscribe.invalidPageTitle') : done ? t('account.unsubscribe.donePageTitle') : t('account.unsubscribe.pageTitle'));

  if (invalid) {
    return (
      <UnsubscribeShell title={t('account.unsubscribe.invalidTitle')}>
        <p className="text-center text-sm text-muted-foreground" role="alert">
          {messageOr(check.error, t('account.unsubscribe.invalid'))} {t('account.unsubscribe.toChange')} <ToAccount />.
        </p>
      </UnsubscribeShell>
    );
  }
  if (check.isPending) {
    return (
      <UnsubscribeShell title={t('account.unsubscribe.pageTitle')}>
        <p className="text-center text-sm text-muted-foreground" role="status">
          {t('account.unsubscribe.checking')}
        </p>
      </UnsubscribeShell>
    );
  }
  if (done) {
    return (
      <UnsubscribeShell title={t('account.unsubscribe.doneTitle')}>
        <p className="text-center text-sm text-muted-foreground" role="status">
          {t('account.unsubscribe.done')} {t('account.unsubscribe.stillArrive')} {t('account.unsubscribe.turnBackOn')} <ToAccount />.
        </p>
      </UnsubscribeShell>
    );
  }
  return (
    <UnsubscribeShell title={t('account.unsubscribe.title')} description={`${t('account.unsubscribe.question')} ${t('account.unsubscribe.stillArrive')}`}>
      <div className="grid gap-3">
        <Button type="button" size="lg" className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? t('account.unsubscribe.pending') : t('account.unsubscribe.pageTitle')}
        </Button>
        {unsubscribe.isError && (
          <p className="text-center text-sm text-destructive" role="alert">
            {messageOr(unsubscribe.error, t('account.unsubscribe.failed'))}
          </p>
        )}
      </div>
    </UnsubscribeShell>
  );
}
