import { CalendarDays, Globe, Mail, Phone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CustomerProfile } from '#contract/accounts';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { formatMemberSince } from './subscription-view';
import { TimeZoneSetting } from './TimeZoneSetting';

/** A term and its value as the direct children of one row of the list, the icon drawn inside the term; `labelFor` names a control in the value. */
function InfoRow({ icon, label, labelFor, children }: { icon: ReactNode; label: string; labelFor?: string; children: ReactNode }) {
  return (
    <div className="relative min-h-9 min-w-0 pl-11">
      <dt className="text-xs text-muted-foreground">
        <span className="absolute left-0 top-0.5 flex size-8 items-center justify-center rounded-lg bg-muted text-accent">{icon}</span>
        {labelFor ? <label htmlFor={labelFor}>{label}</label> : label}
      </dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function AccountInfoCard({ customer }: { customer: CustomerProfile }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-bold leading-tight tracking-tight">Account Information</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          <InfoRow icon={<UserRound className="size-4" aria-hidden="true" />} label="Name">
            {customer.firstName} {customer.lastName}
          </InfoRow>
          <InfoRow icon={<Mail className="size-4" aria-hidden="true" />} label="Email">
            {customer.email}
          </InfoRow>
          <InfoRow icon={<Phone className="size-4" aria-hidden="true" />} label="Phone">
            {customer.phone || 'Not provided'}
          </InfoRow>
          <InfoRow icon={<CalendarDays className="size-4" aria-hidden="true" />} label="Member Since">
            {formatMemberSince(customer.createdAt, customer.timeZone)}
          </InfoRow>
          <InfoRow icon={<Globe className="size-4" aria-hidden="true" />} label="Time zone" labelFor="account-time-zone">
            <TimeZoneSetting id="account-time-zone" timeZone={customer.timeZone} />
          </InfoRow>
        </dl>
      </CardContent>
    </Card>
  );
}
