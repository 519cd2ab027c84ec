import { Loader2 } from 'lucide-react';

/** What the account page says until provisioning has created a subscription's device logins. */
export function CredentialsGenerating() {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-warning/30 bg-warning/10 p-4" role="status">
      <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin text-warning" aria-hidden="true" />
      <div>
        <p className="font-semibold text-warning">Credentials Generating</p>
        <p className="text-sm text-muted-foreground">Your individual device credentials are being generated. Please refresh this page in a few moments.</p>
      </div>
    </div>
  );
}
