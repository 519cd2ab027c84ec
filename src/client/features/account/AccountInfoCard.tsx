import { CalendarDays, Globe, Mail, Phone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CustomerProfile } from '#contract/accounts';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { useMessages } from '../../lib/i18n';
import { formatMemberSince } from './subscription-view';
import { TimeZoneSetting } from './TimeZoneSetting';

/** A term and its value as the direct children of one row of the list, the icon drawn inside the term; `labelFor` names a control in the value. */
function InfoRow({ icon, label, labelFor, children }: { icon: ReactNode; label: string; labelFor?: string; children: ReactNode }) {
  return (
    <div className="relative min-h-9 min-w-0 ps-11">
      <dt className="text-xs text-muted-foreground">
        <span className="absolute start-0 top-0.5 flex size-8 items-center justify-center rounded-lg bg-muted text-accent">{icon}</span>
        {labelFor ? <label htmlFor={labelFor}>{label}</label> : label}
      </dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function AccountInfoCard({ customer }: { customer: CustomerProfile }) {
  const t = useMessages('account');
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-bold leading-tight tracking-tight">{t('account.info.title')}</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          <InfoRow icon={<UserRound className="size-4" aria-hidden="true" />} label={t('account.info.name')}>
            {customer.firstName} {customer.lastName}
          </InfoRow>
          <InfoRow icon={<Mail className="size-4" aria-hidden="true" />} label={t('account.info.email')}>
            {customer.email}
          </InfoRow>
          <InfoRow icon={<Phone className="size-4" aria-hidden="true" />} label={t('account.info.phone')}>
            {customer.phone || t('account.info.notProvided')}
          </InfoRow>
          <InfoRow icon={<CalendarDays className="size-4" aria-hidden="true" />} label={t('account.info.memberSince')}>
            {formatMemberSince(customer.createdAt, customer.timeZone)}
          </InfoRow>
          <InfoRow icon={<Globe className="size-4" aria-hidden="true" />} label={t('account.info.timeZone')} labelFor="account-time-zone">
            <TimeZoneSetting id="account-time-zone" timeZone={customer.timeZone} />
          </InfoRow>
        </dl>
      </CardContent>
    </Card>
  );
}
