import type { ReactNode } from 'react';
import type { AdminOrderDetail } from '#contract/admin-orders';
import { CopyButton } from '../../../components/ui/copy-button';
import { AdminStatusBadge } from '../shared/AdminStatusBadge';
import { adminDate, adminDateTime, adminExpiry, adminLapse, dollars, formatAmount } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { AuditChangeList } from '../shared/AuditChangeList';
import { auditSentence } from '../shared/audit-sentence';
import { DetailField } from '../shared/DetailField';
import { AgreementDetails } from './AgreementDetails';
import { DisputeDetails } from './DisputeDetails';
import { giftCardState } from './gift-card-view';
import { TrackingNumber } from '../../../components/TrackingNumber';
import { adminDevices, DeviceControls, SubscriptionDevicesSwitch, type DeviceTarget } from '../../devices';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-border bg-background/40 p-3" aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

const Fields = ({ children }: { children: ReactNode }) => <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">{children}</dl>;
const giftCardLine = (giftCard: string, cashback: string, state: string | null) => `${giftCard}, ${dollars(cashback)}${state ? ` (${state})` : ''}`;
const Muted = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

function Copyable({ value, what }: { value: string; what: 'Username' | 'Password' | 'MAC address' }) {
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span className="shrink-0 text-xs text-muted-foreground">{what}</span>
      <span className="min-w-0 truncate font-mono" title={value}>
        {value}
      </span>
      <CopyButton value={value} label={`Copy ${what === 'MAC address' ? what : what.toLowerCase()}`} what={what} />
    </span>
  );
}

type OrderSubscription = NonNullable<AdminOrderDetail['subscription']>;
type OrderLogin = OrderSubscription['credentials'][number];

/** What the device controls need of one of the order's logins; the order view knows no server address. */
function deviceTarget(login: OrderLogin): DeviceTarget {
  return { id: login.id, name: login.label ?? `Device ${login.deviceNumber}`, label: login.label, kind: login.kind, mac: login.mac, enabled: login.enabled, server: null, username: login.username };
}

/** Each device's login (a box: its MAC), its live state and the same controls the customer has, audited with the admin as actor. */
function Credentials({ subscription }: { subscription: OrderSubscription }) {
  const { credentials } = subscription;
  if (credentials.length === 0) return <Muted>No device logins yet: provisioning has not made them.</Muted>;
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" data-testid="devices-suspended">
          {subscription.devicesSuspended ? 'All devices disabled by the store: the customer cannot turn them on.' : 'The customer controls these devices.'}
        </p>
        <SubscriptionDevicesSwitch subscriptionId={subscription.id} deviceIds={credentials.map((login) => login.id)} suspended={subscription.devicesSuspended} />
      </div>
      <ul className="mt-3 grid gap-2" aria-label="Device logins">
        {credentials.map((login) => (
          <li key={login.id} className="grid min-w-0 gap-2 rounded-lg bg-muted/40 p-2 text-sm" data-testid="order-credential">
            <div className="grid min-w-0 gap-1 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)]">
              <span className="min-w-0 break-words font-semibold">
                {deviceTarget(login).name} <span className="text-xs font-normal text-muted-foreground">{login.isActive ? 'Active' : 'Inactive'}</span>
              </span>
              {login.kind === 'mag' ? (
                <Copyable value={login.mac ?? ''} what="MAC address" />
              ) : (
                <>
                  <Copyable value={login.username} what="Username" />
                  <Copyable value={login.password} what="Password" />
                </>
              )}
            </div>
            <DeviceControls device={deviceTarget(login)} scope={adminDevices} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Everything about one order, section by section: who, what was paid, what it bought, where the box is, what was sent, what the buyer agreed to, who changed it. */
/** `canSubmitEvidence`: the dispute's evidence is sent by the owner alone (decisions 0098, 0100). */
export function OrderDetailSections({ detail, canSubmitEvidence = false }: { detail: AdminOrderDetail; canSubmitEvidence?: boolean }) {
  const timeZone = useStoreTimeZone();
  const { order, customer, payment, subscription, shipment, emails, audit, renewsSubscriptionId } = detail;
  // Every amount of the payment, its refunds' too, is in the order's currency (decision 0105).
  const inOrderCurrency = (amount: string) => formatAmount(amount, order.currency);
  return (
    <div className="grid min-w-0 gap-3">
      {order.reason && (
        <p className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="order-reason">
          <span className="font-semibold">Why: </span>
          {order.reason}
        </p>
      )}
      <Section title="Customer">
        <Fields>
          <DetailField label="Name">{order.customerName}</DetailField>
          <DetailField label="Email">
            <span className="break-all">{order.customerEmail}</span>
          </DetailField>
          <DetailField label="Account">{customer ? (customer.hasAccount ? 'Has an account' : 'Guest') : 'None'}</DetailField>
        </Fields>
      </Section>
      <Section title="Payment">
        <Fields>
          <DetailField label="Method">
            <span className="capitalize">{order.paymentMethod}</span>
          </DetailField>
          <DetailField label="Currency">{order.currency}</DetailField>
          <DetailField label="Subtotal">{inOrderCurrency(payment.subtotalAmount)}</DetailField>
          <DetailField label="Coupon">{order.couponCode ? `${order.couponCode} (−${inOrderCurrency(payment.couponDiscount)})` : 'None'}</DetailField>
          <DetailField label="Total">{inOrderCurrency(payment.totalAmount)}</DetailField>
          <DetailField label="Paid">{adminDateTime(order.paidAt, timeZone)}</DetailField>
          <DetailField label="Cashback">
            {order.giftCard ? giftCardLine(order.giftCard, payment.cashbackAmount, giftCardState(order)) : 'None'}
          </DetailField>
          <DetailField label="Provider reference">
            <span className="break-all font-mono text-xs">{payment.providerReference ?? 'None'}</span>
          </DetailField>
          {payment.receivedAmount !== null && (
            <DetailField label="Received">
              {inOrderCurrency(payment.receivedAmount)} of {inOrderCurrency(payment.totalAmount)}: only what arrived can be refunded
            </DetailField>
          )}
          <DetailField label="Refunded">{inOrderCurrency(payment.refundedAmount)}</DetailField>
        </Fields>
        {detail.refunds.length > 0 && (
          <ul className="mt-3 grid gap-1 text-sm" aria-label="Refunds">
            {detail.refunds.map((refund) => (
              <li key={`${refund.createdAt}-${refund.amount}`} className="flex flex-wrap justify-between gap-x-3 rounded-lg bg-muted/40 p-2">
                <span className="min-w-0 break-words">
                  <span className="font-semibold tabular-nums">{inOrderCurrency(refund.amount)}</span>
                  {refund.status === 'pending' ? ' (not yet confirmed by the provider)' : ''}
                  {refund.note ? ` · ${refund.note}` : ''}
                </span>
                <span className="text-xs text-muted-foreground">
                  {refund.adminUsername},{' '}
                  <time dateTime={refund.createdAt}>{adminDateTime(refund.createdAt, timeZone)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Subscription">
        {renewsSubscriptionId && (
          <p className="mb-2 text-sm text-muted-foreground">
            A renewal: it extended subscription <span className="break-all font-mono text-xs">{renewsSubscriptionId}</span>.
          </p>
        )}
        {subscription ? (
          <>
            <Fields>
              <DetailField label="Status">
                <AdminStatusBadge status={subscription.status} />
              </DetailField>
              <DetailField label="Devices">{subscription.deviceCount}</DetailField>
              <DetailField label="Started">{adminDate(subscription.startDate, timeZone)}</DetailField>
              <DetailField label="Expires">{adminExpiry(subscription, timeZone)}</DetailField>
            </Fields>
            {adminLapse(subscription, timeZone) && (
              <p className="mt-2 text-sm font-medium text-warning" data-testid="subscription-lapse">
                {adminLapse(subscription, timeZone)}
              </p>
            )}
            <Credentials subscription={subscription} />
          </>
        ) : (
          <Muted>No subscription: the order is not paid, or provisioning has not run.</Muted>
        )}
      </Section>
      {shipment && (
        <Section title="Shipment">
          <Fields>
            <DetailField label="Status">
              <span className="capitalize">{shipment.status}</span>
            </DetailField>
            <DetailField label="Carrier">{shipment.carrier}</DetailField>
            <DetailField label="Tracking number">
              {shipment.trackingNumber ? <TrackingNumber value={shipment.trackingNumber} /> : 'Not yet'}
            </DetailField>
            {/* A day the admin picked, kept as its noon in UTC (use-shipment-update.ts): its date is UTC's, not the store's. */}
            <DetailField label="Estimated delivery">{adminDate(shipment.estimatedDelivery, 'UTC')}</DetailField>
            <DetailField label="Delivered">{adminDate(shipment.actualDelivery, timeZone)}</DetailField>
            <DetailField label="Address">{shipment.address}</DetailField>
          </Fields>
        </Section>
      )}
      <Section title="Emails">
        <p className="text-sm">Order confirmation: {emails.orderConfirmationSentAt ? `sent ${adminDateTime(emails.orderConfirmationSentAt, timeZone)}` : 'not sent'}</p>
        {emails.outbox.length > 0 && (
          <ul className="mt-2 grid gap-1 text-sm" aria-label="Kept emails">
            {emails.outbox.map((mail) => (
              <li key={`${mail.createdAt}-${mail.subject}`} className="flex flex-wrap justify-between gap-x-3">
                <span className="min-w-0 break-words">{mail.subject}</span>
                <time className="text-xs text-muted-foreground" dateTime={mail.createdAt}>
                  {adminDateTime(mail.createdAt, timeZone)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {detail.dispute && (
        <Section title="Dispute">
          <DisputeDetails detail={detail} canSubmit={canSubmitEvidence} />
        </Section>
      )}
      <Section title="Agreement">
        <AgreementDetails detail={detail} />
      </Section>
      <Section title="Audit">
        {audit.length === 0 ? (
          <Muted>No admin has changed this order.</Muted>
        ) : (
          <ol className="grid gap-2 text-sm" aria-label="Changes by admins">
            {audit.map((entry) => (
              <li key={`${entry.createdAt}-${entry.action}`} className="min-w-0">
                <p>
                  {/* The audit log's sentence (docs/decisions/0038); the fields it changed are listed under it. */}
                  {auditSentence({ ...entry, targetType: 'order', targetId: order.id })} by <span className="font-semibold">{entry.adminUsername}</span>{' '}
                  <time className="text-xs text-muted-foreground" dateTime={entry.createdAt}>
                    {adminDateTime(entry.createdAt, timeZone)}
                  </time>
                </p>
                <AuditChangeList before={entry.before} after={entry.after} />
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
