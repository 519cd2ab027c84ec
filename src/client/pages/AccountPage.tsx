import { BrandLogo } from '../components/BrandLogo';
import { MAIN_ID } from '../components/SkipLink';
import { AccountGate, AccountHeader, AccountInfoCard, BillingHistory, GiftCardsReceived, SubscriptionsSection, useSubscriptions } from '../features/account';
import { EmailPreferencesCard } from '../features/email-preferences';
import { HelpSection } from '../features/support';
import { TelegramCard } from '../features/telegram';
import { useMessages } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

/** The Help section with the customer's devices to choose from (decision 0102); the subscriptions' query is the section above's. */
function AccountHelp() {
  const subscriptions = useSubscriptions(true);
  const devices = (subscriptions.data ?? []).flatMap((subscription) =>
    subscription.deviceCredentials.map((device) => ({ id: device.id, name: `${device.label ?? device.deviceName} (${subscription.package.name})` })),
  );
  return <HelpSection devices={devices} />;
}

export default function AccountPage() {
  const t = useMessages('account', 'devices');
  useDocumentTitle(t('account.title'));
  return (
    <AccountGate>
      {(customer) => (
        <div className="min-h-screen">
          <div className="border-b border-border/60 bg-background/80">
            <div className="mx-auto flex h-16 max-w-7xl items-center px-4">
              <BrandLogo />
            </div>
          </div>
          <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
            <AccountHeader firstName={customer.firstName} />
            <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
              <div className="lg:col-start-1 lg:row-start-1">
                <AccountInfoCard customer={customer} />
              </div>
              <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:content-start">
                <SubscriptionsSection customer={customer} />
                <BillingHistory />
                <AccountHelp />
              </div>
              <div className="grid gap-6 lg:col-start-1 lg:row-start-2 lg:content-start">
                <GiftCardsReceived />
                <EmailPreferencesCard />
                <TelegramCard timeZone={customer.timeZone} />
              </div>
            </div>
          </main>
        </div>
      )}
    </AccountGate>
  );
}
