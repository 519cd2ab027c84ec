import { RefreshCw } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import type { Subscription } from '#contract/subscriptions';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Switch } from '../../components/ui/switch';
import { autoRenewStatusText, savedCardText } from './auto-renew-view';
import { useCustomerTimeZone } from './customer-time-zone';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { useMessages } from '../../lib/i18n';
import { formatIsolated } from '../../lib/isolated-message';
import { useAutoRenewSwitch } from './use-auto-renew';

// The card forms (and Stripe.js with them) load only when the customer opens "Update card".
const UpdateCardDialog = lazy(() => import('./UpdateCardDialog'));

/** Turning automatic renewal off, asked once more: it takes effect at once. */
function TurnOffDialog({ subscription, open, onOpenChange, onConfirm, pending }: { subscription: Subscription; open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void; pending: boolean }) {
  const timeZone = useCustomerTimeZone();
  const t = useMessages('account');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('account.autoRenew.turnOffTitle')}</DialogTitle>
          <DialogDescription>
            {formatIsolated('account.autoRenew.turnOffDescription', { name: subscription.package.name, date: formatSubscriptionDate(subscription.expirationDate, timeZone) })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('account.autoRenew.keepOn')}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? t('account.autoRenew.turningOff') : t('account.autoRenew.turnOff')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Automatic renewal" of one subscription (decision 0044): the switch, the saved card, "Update card" and the next charge. */
export function AutoRenewBlock({ subscription }: { subscription: Subscription }) {
  const labelId = useId();
  const [confirmOff, setConfirmOff] = useState(false);
  const [updating, setUpdating] = useState(false);
  const toggle = useAutoRenewSwitch(subscription);
  const timeZone = useCustomerTimeZone();
  const t = useMessages('account');
  const canTurnOn = subscription.savedCard !== null;

  const onSwitch = () => {
    if (subscription.autoRenew) setConfirmOff(true);
    else toggle.mutate(true);
  };

  return (
    <section className="mt-4 rounded-xl border border-border bg-muted/30 p-3 sm:p-4" aria-labelledby={`${labelId}-title`} data-testid="auto-renew">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id={`${labelId}-title`} className="flex items-center gap-2 text-sm font-semibold">
          <RefreshCw className="size-4 text-accent" aria-hidden="true" />
          <span id={labelId}>{t('account.autoRenew.title')}</span>
        </h4>
        <Switch
          checked={subscription.autoRenew}
          aria-labelledby={labelId}
          aria-describedby={`${labelId}-status`}
          aria-busy={toggle.isPending}
          disabled={toggle.isPending || (!subscription.autoRenew && !canTurnOn)}
          onClick={onSwitch}
        />
      </div>
      <p id={`${labelId}-status`} className="mt-2 text-sm text-muted-foreground" data-testid="auto-renew-status">
        {autoRenewStatusText(subscription, timeZone)}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm" data-testid="saved-card">
          <span className="break-words">{subscription.savedCard ? savedCardText(subscription.savedCard) : t('account.card.none')}</span>
        </p>
        <Button variant="outline" size="sm" onClick={() => setUpdating(true)}>
          {subscription.savedCard ? t('account.card.update') : t('account.card.add')}
        </Button>
      </div>
      {toggle.isError && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {t('account.autoRenew.notChanged')}
        </p>
      )}
      <TurnOffDialog
        subscription={subscription}
        open={confirmOff}
        onOpenChange={setConfirmOff}
        pending={toggle.isPending}
        onConfirm={() => toggle.mutate(false, { onSettled: () => setConfirmOff(false) })}
      />
      {updating && (
        <Suspense fallback={null}>
          <UpdateCardDialog subscription={subscription} open onOpenChange={setUpdating} />
        </Suspense>
      )}
    </section>
  );
}
