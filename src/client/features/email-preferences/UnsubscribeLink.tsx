import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { messageResponseSchema } from '#contract/accounts';
import { INVALID_UNSUBSCRIBE_LINK, UNSUBSCRIBED, unsubscribeLinkSchema } from '#contract/mail';
import { AuthShell } from '../../components/AuthShell';
import { Button } from '../../components/ui/button';
import { api, getQueryFn, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';

const toAccount = (
  <Link href="/account" className="text-accent underline-offset-4 hover:underline">
    your account&apos;s email preferences
  </Link>
);

/**
 * /unsubscribe?token= (decision 0039), the link in a reminder email: the link is checked,
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
      <AuthShell title="Invalid unsubscribe link">
        <p className="text-center text-sm text-muted-foreground" role="alert">
          {messageOr(check.error, INVALID_UNSUBSCRIBE_LINK)} To change which emails you receive, sign in and use {toAccount}.
        </p>
      </AuthShell>
    );
  }
  if (check.isPending) {
    return (
      <AuthShell title="Unsubscribe">
        <p className="text-center text-sm text-muted-foreground" role="status">
          Checking your unsubscribe link...
        </p>
      </AuthShell>
    );
  }
  if (done) {
    return (
      <AuthShell title="You are unsubscribed">
        <p className="text-center text-sm text-muted-foreground" role="status">
          {UNSUBSCRIBED} Receipts, password links and refunds still arrive. You can turn reminders back on from {toAccount}.
        </p>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Unsubscribe from reminder emails" description="Stop renewal reminders and offers from StreamPlus? Receipts, password links and refunds still arrive.">
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
    </AuthShell>
  );
}
