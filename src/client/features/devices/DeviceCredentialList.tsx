import { MonitorSmartphone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { DeviceCredential } from '#contract/subscriptions';
import { LinkQrDialog } from '../../components/LinkQrDialog';
import { Badge } from '../../components/ui/badge';
import { guideUrl, playlistUrl } from '../../lib/playlist-url';
import { CredentialLine } from './CredentialLine';
import { SetupGuideDialog } from './SetupGuideDialog';

/** The three values an app that signs in the Xtream Codes way asks for, in IPTV Smarters' order. */
function XtreamLogin({ credential, server }: { credential: DeviceCredential; server: string }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="rounded-lg border border-border/60 p-2">
      <p id={headingId} className="mb-1.5 px-1 text-xs font-semibold text-muted-foreground">
        Xtream Codes login
      </p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <CredentialLine label="Username" value={credential.xtreamUsername} copyLabel="Copy username" what="Username" />
        <CredentialLine label="Password" value={credential.xtreamPassword} copyLabel="Copy password" what="Password" />
        <CredentialLine label="Server" value={server} copyLabel="Copy server" what="Server" className="sm:col-span-2" />
      </dl>
    </div>
  );
}

/** The links TV apps load: the M3U playlist and the XMLTV guide, each with Copy and QR. */
function PlayerLinks({ credential, server }: { credential: DeviceCredential; server: string }) {
  const playlist = playlistUrl(server, credential.xtreamUsername, credential.xtreamPassword);
  const guide = guideUrl(server, credential.xtreamUsername, credential.xtreamPassword);
  return (
    <dl className="grid grid-cols-1 gap-2">
      <CredentialLine label="M3U Playlist URL" value={playlist} copyLabel="Copy playlist URL" what="Playlist URL">
        <LinkQrDialog url={playlist} deviceName={credential.deviceName} kind="playlist" />
      </CredentialLine>
      <CredentialLine label="XMLTV Guide URL" value={guide} copyLabel="Copy TV guide URL" what="TV guide URL">
        <LinkQrDialog url={guide} deviceName={credential.deviceName} kind="guide" />
      </CredentialLine>
    </dl>
  );
}

function DeviceCard({ credential, server, showNumber }: { credential: DeviceCredential; server: string; showNumber: boolean }) {
  return (
    <li className="grid min-w-0 gap-2 rounded-xl border border-border bg-muted/40 p-3" data-testid="device-credential">
      <div className="flex items-center justify-between gap-2">
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
      <XtreamLogin credential={credential} server={server} />
      <PlayerLinks credential={credential} server={server} />
      <div className="flex flex-wrap gap-2">
        <SetupGuideDialog device={{ server, username: credential.xtreamUsername, portalUrl: null }} deviceName={credential.deviceName} />
      </div>
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
