import { AlertTriangle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { UPDATE_CARD_PARAM, type Subscription } from '#contract/subscriptions';
import { Button } from '../../components/ui/button';
import { useCustomerTimeZone } from './customer-time-zone';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { formatMessage } from '../../lib/format-message';
import { t, useMessages } from '../../lib/i18n';

const UpdateCardDialog = lazy(() => import('./UpdateCardDialog'));

/**
 * What the banner says after its title: the reason, then what comes next, its times in the
 * customer's zone; null when the renewal is not in trouble. Sentences in the page's language
 * (decision 0111); the bank's own reason is shown as the server gives it.
 */
export function renewalDeclinedText(subscription: Pick<Subscription, 'renewal' | 'expirationDate' | 'graceEndsAt' | 'suspended'>, timeZone: string): string | null {
  const { state, nextAttemptAt, lastDeclineMessage } = subscription.renewal;
  const reason = lastDeclineMessage ?? t('account.declined.defaultReason');
  if (state === 'retrying') {
    const next = nextAttemptAt ? formatMessage('account.declined.nextAttempt', { date: formatSubscriptionDate(nextAttemptAt, timeZone, true) }) : t('account.declined.soon');
    return `${reason} ${next} ${t('account.declined.updateBefore')}`;
  }
  if (state === 'failed') {
    const date = formatSubscriptionDate(subscription.expirationDate, timeZone, true);
    const after = subscription.suspended
      ? formatMessage('account.declined.expiredOff', { date })
      : subscription.graceEndsAt
        ? formatMessage('account.declined.expiredGrace', { date, graceDate: formatSubscriptionDate(subscription.graceEndsAt, timeZone, true) })
        : formatMessage('account.declined.expiresOn', { date });
    return `${reason} ${t('account.declined.noMoreTries')} ${after} ${t('account.declined.renewByHand')}`;
  }
  if (state === 'needs_authentication') return t('account.declined.needsAuthentication');
  return null;
}

/** The email's "Update card" link opens this subscription's dialog at once. */
const openedByLink = (subscriptionId: string) => new URLSearchParams(window.location.search).get(UPDATE_CARD_PARAM) === subscriptionId;

/**
 * A declined automatic renewal, said on its subscription (decision 0045): why, what comes
 * next, and "Update card". An alert, so a screen reader hears it; the title says it in
 * words, not only the colour.
 */
export function RenewalDeclinedBanner({ subscription }: { subscription: Subscription }) {
  const [updating, setUpdating] = useState(() => openedByLink(subscription.id));
  useMessages('account');
  const text = renewalDeclinedText(subscription, useCustomerTimeZone());
  if (!text) return null;
  const title = subscription.renewal.state === 'needs_authentication' ? t('account.declined.confirmTitle') : t('account.declined.failedTitle');
  return (
    <div role="alert" className="mt-3 rounded-lg border border-destructive/50 bg-destructive/10 px-3 py-3 text-sm" data-testid="renewal-declined">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        {title}
      </p>
      <p className="mt-1 break-words">{text}</p>
      <Button className="mt-2" size="sm" variant="outline" onClick={() => setUpdating(true)}>
        {t('account.card.update')}
      </Button>
      {updating && (
        <Suspense fallback={null}>
          <UpdateCardDialog subscription={subscription} open onOpenChange={setUpdating} />
        </Suspense>
      )}
    </div>
  );
}
