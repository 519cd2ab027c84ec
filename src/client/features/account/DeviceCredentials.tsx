import { Loader2, MonitorSmartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DeviceCredential } from '#contract/subscriptions';
import { Badge } from '../../components/ui/badge';
import { CopyButton } from '../../components/ui/copy-button';
import { PlaylistQrDialog } from './PlaylistQrDialog';
import { playlistUrl } from './subscription-view';

function CredentialLine({ label, value, copyLabel, what, children }: { label: string; value: string; copyLabel: string; what: string; children?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-lg bg-background/60 py-1 pl-3 pr-1">
      <div className="min-w-0 flex-1">
        <dt className="text-[11px] font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
        <dd className="truncate font-mono text-sm" title={value}>{value}</dd>
      </div>
      <CopyButton value={value} label={copyLabel} what={what} />
      {children}
    </div>
  );
}

function DeviceCard({ credential, server }: { credential: DeviceCredential; server: string }) {
  const url = playlistUrl(server, credential.xtreamUsername, credential.xtreamPassword);
  return (
    <li className="min-w-0 rounded-xl border border-border bg-muted/40 p-3" data-testid="device-credential">
      <div className="mb-2 flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-semibold">
          <MonitorSmartphone className="size-4 text-accent" aria-hidden="true" />
          {credential.deviceName}
        </span>
        <Badge variant={credential.isActive ? 'success' : 'secondary'}>{credential.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <CredentialLine label="Username" value={credential.xtreamUsername} copyLabel="Copy username" what="Username" />
        <CredentialLine label="Password" value={credential.xtreamPassword} copyLabel="Copy password" what="Password" />
        <div className="sm:col-span-2">
          <CredentialLine label="M3U Playlist URL" value={url} copyLabel="Copy playlist URL" what="Playlist URL">
            <PlaylistQrDialog url={url} deviceName={credential.deviceName} />
          </CredentialLine>
        </div>
      </dl>
    </li>
  );
}

/** Per-device logins, or 'Credentials Generating' until provisioning has created them. */
export function DeviceCredentials({ credentials, server }: { credentials: readonly DeviceCredential[]; server: string }) {
  if (credentials.length === 0) {
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
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label="Device credentials">
      {credentials.map((credential) => (
        <DeviceCard key={credential.id} credential={credential} server={server} />
      ))}
    </ul>
  );
}
