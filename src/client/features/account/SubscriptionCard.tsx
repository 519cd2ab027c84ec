import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Calendar, CalendarClock, Hourglass, MonitorSmartphone, Power, RefreshCw, Truck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CustomerProfile } from '#contract/accounts';
import { subscriptionSchema, type Shipment, type Subscription } from '#contract/subscriptions';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { customerDevices, DeviceCredentialList } from '../devices';
import { ServerAddress } from '../../components/ServerAddress';
import { CredentialsGenerating } from './CredentialsGenerating';
import { RenewDialog } from './RenewDialog';
import { AutoRenewBlock } from './AutoRenewBlock';
import { RenewalDeclinedBanner } from './RenewalDeclinedBanner';
import { offersAutoRenew } from './auto-renew-view';
import { useCustomerTimeZone } from './customer-time-zone';
import { TrackingNumber } from '../../components/TrackingNumber';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';
import { formatIsolated } from '../../lib/isolated-message';
import {
  deviceLock,
  isCancelled,
  isTrialPackage,
  renewable,
  renewLabel,
  showsExpiringSoon,
  statusBadge,
  timeRemainingText,
} from './subscription-view';

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-muted/40 p-3">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        {icon}
        {label}
      </dt>
      {/* A time names its zone, which may be long (America/Argentina/Buenos_Aires): it wraps within its column. */}
      <dd className="tabular mt-1 text-sm font-semibold [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The spec's fixed badges ('18,000+ Channels', '4K Quality', '100K+ VOD'), in the page's language. */
const INCLUDED = ['account.badge.channels', 'account.badge.quality', 'account.badge.vod'] as const;

/** The box's status word; a status the catalogue does not know is shown as the server writes it. */
const shipmentStatus = (status: string) => {
  const key = `account.shipment.status.${status}`;
  const word = t(key);
  return word === key ? status : word;
};

function ShipmentLine({ shipment }: { shipment: Shipment }) {
  const delivered = shipment.status === 'delivered';
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-muted/30 p-3 text-sm">
      <Truck className="size-4 text-accent" aria-hidden="true" />
      <span>
        {t('account.shipment.box')} <span className="font-semibold capitalize">{shipmentStatus(shipment.status)}</span>
        {shipment.trackingNumber && (
          <>
            {' '}
            {formatIsolated('account.shipment.via', { carrier: shipment.carrier })} <TrackingNumber value={shipment.trackingNumber} />
          </>
        )}
        {/* The day the admin picked, kept as its noon in UTC: the same date in every zone. */}
        {!delivered && shipment.estimatedDelivery && <> {formatIsolated('account.shipment.expected', { date: formatSubscriptionDate(shipment.estimatedDelivery, 'UTC') })}</>}
      </span>
    </p>
  );
}

function ActivateButton({ subscription }: { subscription: Subscription }) {
  const queryClient = useQueryClient();
  const activate = useMutation({
    mutationFn: () => api(apiRoutes.activateSubscription(subscription.id), { method: 'POST', schema: subscriptionSchema }),
    onSuccess: () => {
      toast({ title: t('account.activate.done'), description: t('account.activate.doneDescription') });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
    },
    onError: (error) => toast({ title: t('account.activate.failed'), description: messageOr(error, t('account.activate.failedDescription')), variant: 'destructive' }),
  });
  return (
    <Button onClick={() => activate.mutate()} disabled={activate.isPending}>
      <Power aria-hidden="true" />
      {activate.isPending ? t('account.activate.pending') : t('account.activate.button')}
    </Button>
  );
}

/** One subscription of the account page, with every element of spec section 2 "Account". */
export function SubscriptionCard({ subscription, customer, now }: { subscription: Subscription; customer: CustomerProfile; now: Date }) {
  const [renewOpen, setRenewOpen] = useState(false);
  const status = statusBadge(subscription, now);
  const isTrial = isTrialPackage(subscription.package.id);
  const awaitsActivation = subscription.status === 'pending_activation';
  const timeZone = useCustomerTimeZone();

  return (
    <article className="rounded-2xl border border-border bg-card/60 p-3 sm:p-5" aria-labelledby={`subscription-${subscription.id}`} data-testid="subscription-card">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`subscription-${subscription.id}`} className="text-lg font-bold">
            {subscription.package.name || t('account.subscription.fallbackName')}
          </h3>
          <p className="text-sm text-muted-foreground">{subscription.package.duration}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant={status.tone} className="capitalize" data-testid="subscription-status">
            {status.label}
          </Badge>
          {showsExpiringSoon(subscription, now) && (
            <Badge variant="warning">
              <AlertTriangle className="size-3" aria-hidden="true" />
              {t('account.status.expiringSoon')}
            </Badge>
          )}
        </div>
      </header>

      {subscription.graceEndsAt && (
        <p className="mt-3 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm" data-testid="grace-period">
          {formatIsolated('account.grace.until', { date: formatSubscriptionDate(subscription.graceEndsAt, timeZone, true) })}
        </p>
      )}
      {subscription.suspended && (
        <p className="mt-3 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm" data-testid="grace-suspended">
          {t('account.grace.suspended')}
        </p>
      )}

      <RenewalDeclinedBanner subscription={subscription} />

      {subscription.shipment && (
        <div className="mt-4">
          <ShipmentLine shipment={subscription.shipment} />
        </div>
      )}

      <section className="mt-4" aria-label={t('account.subscription.serverAddress')}>
        <ServerAddress url={subscription.xtreamUrl} />
      </section>

      <section className="mt-4" aria-label={t('account.subscription.deviceCredentials')}>
        <h4 className="mb-2 text-sm font-semibold text-muted-foreground">{t('account.subscription.deviceCredentialsTitle')}</h4>
        {isCancelled(subscription) ? (
          <p className="text-sm text-muted-foreground" data-testid="credentials-cancelled">
            {t('account.subscription.cancelled')}
          </p>
        ) : (
          <DeviceCredentialList
            credentials={subscription.deviceCredentials}
            server={subscription.xtreamUrl}
            empty={<CredentialsGenerating />}
            scope={customerDevices}
            lock={deviceLock(subscription, now)}
          />
        )}
      </section>

      <dl className="mt-4 grid grid-cols-2 gap-2 lg:grid-cols-4">
        <Detail icon={<MonitorSmartphone className="size-3.5" aria-hidden="true" />} label={t('account.details.devices')}>
          {formatMessage('account.details.deviceCount', { count: subscription.deviceCount })}
        </Detail>
        <Detail icon={<Calendar className="size-3.5" aria-hidden="true" />} label={t('account.details.startDate')}>
          {subscription.startDate ? formatSubscriptionDate(subscription.startDate, timeZone, isTrial) : t('account.details.onActivation')}
        </Detail>
        <Detail icon={<CalendarClock className="size-3.5" aria-hidden="true" />} label={t('account.details.expiryDate')}>
          <span data-testid="expiry-date">
            {awaitsActivation ? t('account.details.startsOnActivation') : formatSubscriptionDate(subscription.expirationDate, timeZone, isTrial)}
          </span>
        </Detail>
        <Detail icon={<Hourglass className="size-3.5" aria-hidden="true" />} label={t('account.details.timeRemaining')}>
          <span data-testid="time-remaining">{awaitsActivation ? t('account.details.notStarted') : timeRemainingText(subscription, now)}</span>
        </Detail>
      </dl>

      {offersAutoRenew(subscription) && <AutoRenewBlock subscription={subscription} />}

      <footer className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <ul className="flex flex-wrap gap-2" aria-label={t('account.subscription.included')}>
          {INCLUDED.map((badge) => (
            <li key={badge}>
              <Badge variant="outline">{t(badge)}</Badge>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          {awaitsActivation && <ActivateButton subscription={subscription} />}
          <Button variant={awaitsActivation ? 'outline' : 'default'} disabled={!renewable(subscription, now)} onClick={() => setRenewOpen(true)}>
            <RefreshCw aria-hidden="true" />
            {renewLabel(subscription, now)}
          </Button>
        </div>
      </footer>
      {renewOpen && <RenewDialog subscription={subscription} customer={customer} open onOpenChange={setRenewOpen} />}
    </article>
  );
}
