import { AlertTriangle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { UPDATE_CARD_PARAM, type Subscription } from '#contract/subscriptions';
import { Button } from '../../components/ui/button';
import { useCustomerTimeZone } from './customer-time-zone';
import { formatSubscriptionDate } from '../../lib/customer-dates';

const UpdateCardDialog = lazy(() => import('./UpdateCardDialog'));

/** What the banner says after its title: the reason, then what comes next, its times in the customer's zone; null when the renewal is not in trouble. */
export function renewalDeclinedText(subscription: Pick<Subscription, 'renewal' | 'expirationDate' | 'graceEndsAt' | 'suspended'>, timeZone: string): string | null {
  const { state, nextAttemptAt, lastDeclineMessage } = subscription.renewal;
  const reason = lastDeclineMessage ?? 'Your bank did not accept the payment.';
  if (state === 'retrying') {
    const next = nextAttemptAt ? `We will try again on ${formatSubscriptionDate(nextAttemptAt, timeZone, true)}.` : 'We will try again soon.';
    return `${reason} ${next} Update your card before then and that attempt charges the new card.`;
  }
  if (state === 'failed') {
    const expiry = `Your subscription expired on ${formatSubscriptionDate(subscription.expirationDate, timeZone, true)}`;
    const after = subscription.suspended
      ? `${expiry}; your devices are off until you renew.`
      : subscription.graceEndsAt
        ? `${expiry}; your devices keep working until the grace period ends on ${formatSubscriptionDate(subscription.graceEndsAt, timeZone, true)}.`
        : `Your subscription expires on ${formatSubscriptionDate(subscription.expirationDate, timeZone, true)}.`;
    return `${reason} We will not try again. ${after} Update your card and renew by hand to keep watching.`;
  }
  if (state === 'needs_authentication') return 'Your bank asks you to confirm the renewal payment: open the link we emailed you, or update your card.';
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
  const text = renewalDeclinedText(subscription, useCustomerTimeZone());
  if (!text) return null;
  const title = subscription.renewal.state === 'needs_authentication' ? 'Confirm your renewal payment' : 'Your renewal payment failed';
  return (
    <div role="alert" className="mt-3 rounded-lg border border-destructive/50 bg-destructive/10 px-3 py-3 text-sm" data-testid="renewal-declined">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        {title}
      </p>
      <p className="mt-1 break-words">{text}</p>
      <Button className="mt-2" size="sm" variant="outline" onClick={() => setUpdating(true)}>
        Update card
      </Button>
      {updating && (
        <Suspense fallback={null}>
          <UpdateCardDialog subscription={subscription} open onOpenChange={setUpdating} />
        </Suspense>
      )}
    </div>
  );
}
