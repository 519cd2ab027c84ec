import { MonitorSmartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DeviceCredential } from '#contract/subscriptions';
import { playlistUrl } from '../lib/playlist-url';
import { PlaylistQrDialog } from './PlaylistQrDialog';
import { cn } from '../lib/utils';
import { Badge } from './ui/badge';
import { CopyButton } from './ui/copy-button';

/** One term of a definition list: its dt and dd are the row's direct children, the buttons sit in the dd. */
function CredentialLine({ label, value, copyLabel, what, className, children }: { label: string; value: string; copyLabel: string; what: string; className?: string; children?: ReactNode }) {
  return (
    <div className={cn('min-w-0 rounded-lg bg-background/60 py-1 pl-3 pr-1', className)}>
      <dt className="text-[11px] font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="-mt-1 flex min-w-0 items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-mono text-sm" title={value}>{value}</span>
        <CopyButton value={value} label={copyLabel} what={what} />
        {children}
      </dd>
    </div>
  );
}

function DeviceCard({ credential, server, showNumber }: { credential: DeviceCredential; server: string; showNumber: boolean }) {
  const url = playlistUrl(server, credential.xtreamUsername, credential.xtreamPassword);
  return (
    <li className="min-w-0 rounded-xl border border-border bg-muted/40 p-3" data-testid="device-credential">
      <div className="mb-2 flex items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 font-semibold">
          {showNumber ? (
            <span className="tabular flex size-6 shrink-0 items-center justify-center rounded-full bg-accent/15 text-xs text-accent" title="Device number">
              <span className="sr-only">Device number </span>
              {credential.deviceNumber}
            </span>
          ) : (
            <MonitorSmartphone className="size-4 shrink-0 text-accent" aria-hidden="true" />
          )}
          <span className="truncate">{credential.deviceName}</span>
        </span>
        <Badge variant={credential.isActive ? 'success' : 'secondary'}>{credential.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <CredentialLine label="Username" value={credential.xtreamUsername} copyLabel="Copy username" what="Username" />
        <CredentialLine label="Password" value={credential.xtreamPassword} copyLabel="Copy password" what="Password" />
        <CredentialLine label="M3U Playlist URL" value={url} copyLabel="Copy playlist URL" what="Playlist URL" className="sm:col-span-2">
          <PlaylistQrDialog url={url} deviceName={credential.deviceName} />
        </CredentialLine>
      </dl>
    </li>
  );
}

/**
 * Per-device logins with copy buttons (the account page and both admin pages); `empty` is
 * what the caller says while there are none, since a customer and an admin need different words.
 */
export function DeviceCredentialList({
  credentials,
  server,
  empty,
  showNumber = false,
}: {
  credentials: readonly DeviceCredential[];
  server: string;
  empty: ReactNode;
  showNumber?: boolean;
}) {
  if (credentials.length === 0) return <>{empty}</>;
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label="Device credentials">
      {credentials.map((credential) => (
        <DeviceCard key={credential.id} credential={credential} server={server} showNumber={showNumber} />
      ))}
    </ul>
  );
}
