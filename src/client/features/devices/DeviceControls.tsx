import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import type { DevicePasswordResponse, DeviceStatus } from '#contract/devices';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import type { DeviceCommand } from './device-commands';
import type { DeviceScope } from './device-scope';
import { useMessages } from '../../lib/i18n';
import { formatMessage } from '../../lib/format-message';
import { isEnabled, liveStatusText, type DeviceLock, type DeviceTarget } from './device-view';
import { ChangeMacDialog, IspResetDialog, NewPasswordDialog, RenameDialog, TurnOffDialog, TurnOnDialog, UseSetTopBoxDialog, type DeviceDialogProps } from './DeviceDialogs';
import { useDeviceCommand, useDeviceStatus } from './use-device';

/** The panel's word on the device now, and whether it is on. */
function DeviceState({ status, loading, enabled, off }: { status: DeviceStatus | undefined; loading: boolean; enabled: boolean; off: boolean }) {
  const t = useMessages('devices');
  const text = loading ? null : liveStatusText(status, new Date());
  const online = status?.available && status.online;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm" data-testid="device-state">
      <span className="flex min-w-0 items-center gap-1.5" role="status">
        {text === null ? (
          <>
            <Skeleton className="h-4 w-40" />
            <span className="sr-only">{t('devices.status.checking')}</span>
          </>
        ) : (
          <>
            <span className={cn('size-2 shrink-0 rounded-full', online ? 'bg-success' : 'bg-muted-foreground')} aria-hidden="true" />
            <span className={!status?.available ? 'text-warning' : online ? 'text-success' : 'text-muted-foreground'} data-testid="live-status">
              {text}
            </span>
          </>
        )}
      </span>
      {/* Off whatever the device's own switch says: its subscription does not run. */}
      <Badge variant={off ? 'secondary' : enabled ? 'success' : 'warning'} data-testid="device-enabled">
        {off ? t('devices.off') : enabled ? t('devices.enabled') : t('devices.disabled')}
      </Badge>
      {status?.demo && <Badge variant="outline">{t('devices.demoPanel')}</Badge>}
    </div>
  );
}

type DialogName = 'rename' | 'mac' | 'box' | 'password' | 'isp' | 'off' | 'on';

const DIALOGS: Record<DialogName, ComponentType<DeviceDialogProps>> = {
  rename: RenameDialog,
  mac: ChangeMacDialog,
  box: UseSetTopBoxDialog,
  password: NewPasswordDialog,
  isp: IspResetDialog,
  off: TurnOffDialog,
  on: TurnOnDialog,
};

/** Text buttons: a row of icons here would move the landing page's icons into a bigger shared chunk (decision 0024's budget). */
function ActionButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
}

/**
 * One device's state and changes, on the account page and in the admin's views: its live
 * status and on/off, then Rename, New password (a box: Change MAC), Reset ISP lock,
 * Turn off / Turn on and, for the owner of a line, Use a set-top box instead, each confirmed
 * in its dialog. `extra` sits beside the buttons (the setup
 * guide). A `lock` disables the changes, says why under them, and with `off` shows the device Off.
 */
export function DeviceControls({ device, scope, extra, lock = null }: { device: DeviceTarget; scope: DeviceScope; extra?: ReactNode; lock?: DeviceLock | null }) {
  const t = useMessages('devices');
  const status = useDeviceStatus(device.id, scope);
  const command = useDeviceCommand(device.id, device.name, scope);
  const [open, setOpen] = useState<DialogName | null>(null);
  const enabled = isEnabled(device, status.data);
  const box = device.kind === 'mag';
  const locked = lock !== null;
  const reasonId = useId();

  const show = (name: DialogName) => {
    command.reset();
    setOpen(name);
  };
  const run = (next: DeviceCommand, onDone?: (answer: DevicePasswordResponse | null) => void) => command.mutate(next, { onSuccess: onDone });
  const OpenDialog = open ? DIALOGS[open] : null;

  return (
    <div className="grid min-w-0 gap-2">
      <DeviceState status={status.data} loading={status.isPending} enabled={enabled} off={lock?.off ?? false} />
      <div className="flex flex-wrap gap-2" role="group" aria-label={formatMessage('devices.actionsFor', { name: device.name })} aria-describedby={locked ? reasonId : undefined}>
        <ActionButton label={t('devices.rename')} onClick={() => show('rename')} disabled={locked} />
        {box ? (
          <ActionButton label={t('devices.changeMac')} onClick={() => show('mac')} disabled={locked} />
        ) : (
          <ActionButton label={t('devices.newPassword')} onClick={() => show('password')} disabled={locked} />
        )}
        {/* A box that moved house meets the ISP lock as a line does. */}
        <ActionButton label={t('devices.ispReset')} onClick={() => show('isp')} disabled={locked} />
        {enabled ? (
          <ActionButton label={t('devices.turnOff')} onClick={() => show('off')} disabled={locked} />
        ) : (
          <ActionButton label={t('devices.turnOn')} onClick={() => show('on')} disabled={locked} />
        )}
        {!box && scope.setTopBox && <ActionButton label={t('devices.useBox')} onClick={() => show('box')} disabled={locked} />}
        {extra}
      </div>
      {lock && (
        <p id={reasonId} className="text-sm text-muted-foreground" data-testid="device-lock">
          {lock.reason}
        </p>
      )}
      {OpenDialog && <OpenDialog device={device} onClose={() => setOpen(null)} run={run} pending={command.isPending} error={command.error} />}
    </div>
  );
}
