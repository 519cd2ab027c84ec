import { MonitorSmartphone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { DeviceCredential } from '#contract/subscriptions';
import { LinkQrDialog } from '../../components/LinkQrDialog';
import { Badge } from '../../components/ui/badge';
import { t, useMessages } from '../../lib/i18n';
import { playlistUrl } from '../../lib/playlist-url';
import { cn } from '../../lib/utils';
import { CredentialLine } from './CredentialLine';
import type { DeviceScope } from './device-scope';
import type { DeviceLock, DeviceTarget } from './device-view';
import { DeviceControls } from './DeviceControls';
import { SetupGuideDialog } from './SetupGuideDialog';

/** The three values an app that signs in the Xtream Codes way asks for, in IPTV Smarters' order. */
function XtreamLogin({ credential, server }: { credential: DeviceCredential; server: string }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="rounded-lg border border-border/60 p-2">
      <p id={headingId} className="mb-1.5 px-1 text-xs font-semibold text-muted-foreground">
        {t('devices.xtreamLogin')}
      </p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <CredentialLine label={t('devices.username')} value={credential.xtreamUsername} copyLabel={t('devices.copyUsername')} what={t('devices.username')} />
        <CredentialLine label={t('devices.password')} value={credential.xtreamPassword} copyLabel={t('devices.copyPassword')} what={t('devices.password')} />
        <CredentialLine label={t('devices.server')} value={server} copyLabel={t('devices.copyServer')} what={t('devices.server')} className="sm:col-span-2" />
      </dl>
    </div>
  );
}

/** The links TV apps load: the M3U playlist and the XMLTV guide, each with Copy and QR. */
function PlayerLinks({ credential, server, name }: { credential: DeviceCredential; server: string; name: string }) {
  const playlist = playlistUrl(server, credential.xtreamUsername, credential.xtreamPassword);
  return (
    <dl className="grid grid-cols-1 gap-2">
      <CredentialLine label={t('devices.playlistUrl')} value={playlist} copyLabel={t('devices.copyPlaylistUrl')} what={t('devices.playlistUrlWhat')}>
        <LinkQrDialog url={playlist} deviceName={name} kind="playlist" />
      </CredentialLine>
      <CredentialLine label={t('devices.guideUrl')} value={credential.epgUrl} copyLabel={t('devices.copyGuideUrl')} what={t('devices.guideUrlWhat')} link>
        <LinkQrDialog url={credential.epgUrl} deviceName={name} kind="guide" />
      </CredentialLine>
    </dl>
  );
}

/** A set-top box signs in by its MAC at the portal address: no username or password to type. */
function BoxLogin({ mac, portalUrl }: { mac: string; portalUrl: string }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="rounded-lg border border-border/60 p-2">
      <p id={headingId} className="mb-1.5 px-1 text-xs font-semibold text-muted-foreground">
        {t('devices.boxLogin')}
      </p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <CredentialLine label={t('devices.macAddress')} value={mac} copyLabel={t('devices.copyMacAddress')} what={t('devices.macAddress')} />
        <CredentialLine label={t('devices.portalAddress')} value={portalUrl} copyLabel={t('devices.copyPortalAddress')} what={t('devices.portalAddress')} />
      </dl>
    </div>
  );
}

/** What the controls need of a listed device. */
function targetOf(credential: DeviceCredential, server: string): DeviceTarget {
  return {
    id: credential.id,
    name: credential.label ?? credential.deviceName,
    label: credential.label,
    kind: credential.kind,
    mac: credential.mac,
    enabled: credential.enabled,
    server,
    username: credential.xtreamUsername,
  };
}

/** The badge beside a device's name: Off while its subscription does not run, else whether the subscription covers it. */
const coverage = (credential: DeviceCredential, lock: DeviceLock | null) =>
  lock?.off
    ? { label: t('devices.off'), variant: 'secondary' as const }
    : credential.isActive
      ? { label: t('devices.active'), variant: 'success' as const }
      : { label: t('devices.inactive'), variant: 'secondary' as const };

function DeviceCard({ credential, server, showNumber, scope, lock }: { credential: DeviceCredential; server: string; showNumber: boolean; scope: DeviceScope; lock: DeviceLock | null }) {
  const device = targetOf(credential, server);
  const portalUrl = credential.portalUrl ?? server;
  const badge = coverage(credential, lock);
  return (
    <li
      className={cn('grid min-w-0 gap-2 rounded-xl border p-3', lock?.off ? 'border-dashed border-border bg-muted/10' : 'border-border bg-muted/40')}
      data-testid="device-credential"
      data-off={lock?.off ? 'true' : undefined}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 font-semibold">
          {showNumber ? (
            <span className="tabular flex size-6 shrink-0 items-center justify-center rounded-full bg-accent/15 text-xs text-accent" title={t('devices.number')}>
              <span className="sr-only">{t('devices.number')} </span>
              {credential.deviceNumber}
            </span>
          ) : (
            <MonitorSmartphone className="size-4 shrink-0 text-accent" aria-hidden="true" />
          )}
          <span className="truncate" data-testid="device-name">
            {device.name}
          </span>
        </span>
        <Badge variant={badge.variant} data-testid="device-coverage">
          {badge.label}
        </Badge>
      </div>
      {credential.kind === 'mag' ? (
        <BoxLogin mac={credential.mac ?? ''} portalUrl={portalUrl} />
      ) : (
        <>
          <XtreamLogin credential={credential} server={server} />
          <PlayerLinks credential={credential} server={server} name={device.name} />
        </>
      )}
      <DeviceControls
        device={device}
        scope={scope}
        lock={lock}
        extra={<SetupGuideDialog device={{ server, username: credential.xtreamUsername, portalUrl: credential.kind === 'mag' ? portalUrl : null }} deviceName={device.name} />}
      />
    </li>
  );
}

/**
 * Per-device logins with copy buttons, links, setup guide, live state and controls (the account
 * page with `customerDevices`, both admin customer views with `adminDevices`); `empty` is what
 * the caller says while there are none, since a customer and an admin need different words.
 * `lock` is why none of them can be changed now (the account page's deviceLock).
 */
export function DeviceCredentialList({
  credentials,
  server,
  empty,
  showNumber = false,
  scope,
  lock = null,
}: {
  credentials: readonly DeviceCredential[];
  server: string;
  empty: ReactNode;
  showNumber?: boolean;
  scope: DeviceScope;
  lock?: DeviceLock | null;
}) {
  useMessages('devices');
  if (credentials.length === 0) return <>{empty}</>;
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label={t('devices.credentials')}>
      {credentials.map((credential) => (
        <DeviceCard key={credential.id} credential={credential} server={server} showNumber={showNumber} scope={scope} lock={lock} />
      ))}
    </ul>
  );
}
