import { Loader2 } from 'lucide-react';
import { useMessages } from '../../lib/i18n';

/** What the account page says until provisioning has created a subscription's device logins. */
export function CredentialsGenerating() {
  const t = useMessages('account');
  return (
    <div className="flex items-start gap-3 rounded-xl border border-warning/30 bg-warning/10 p-4" role="status">
      <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin text-warning" aria-hidden="true" />
      <div>
        <p className="font-semibold text-warning">{t('account.credentialsGenerating.title')}</p>
        <p className="text-sm text-muted-foreground">{t('account.credentialsGenerating.description')}</p>
      </div>
    </div>
  );
}
