import { useRef, useState, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { DEVICE_LABEL_MAX, macField, MAG_MAC_PREFIX, type DevicePasswordResponse } from '#contract/devices';
import { labelField, labelRule } from '#contract/fields';
import { LinkQrDialog } from '../../components/LinkQrDialog';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { fieldErrorId, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { formatMessage } from '../../lib/format-message';
import { t, useMessages } from '../../lib/i18n';
import { formatIsolated } from '../../lib/isolated-message';
import { playlistUrl } from '../../lib/playlist-url';
import { showRefusal } from '../../lib/page-resolver';
import { ActionDialog } from './ActionDialog';
import { CredentialLine } from './CredentialLine';
import type { DeviceCommand } from './device-commands';
import type { DeviceTarget } from './device-view';

// The name's rule and its refusals are the contract's, in English, as the server says them.
const deviceLabelSchema = labelField('Device name', DEVICE_LABEL_MAX);


/** What every dialog of one device gets from its controls. */
export interface DeviceDialogProps {
  device: DeviceTarget;
  onClose: () => void;
  run: (command: DeviceCommand, onDone?: (answer: DevicePasswordResponse | null) => void) => void;
  pending: boolean;
  error: unknown;
}

interface FieldDialogProps extends DeviceDialogProps {
  title: string;
  description: ReactNode;
  fieldId: string;
  fieldLabel: string;
  /** The rule the value must meet, said under the field before anything is typed. */
  hint?: string;
  initial: string;
  placeholder?: string;
  schema: ZodType<string, string>;
  confirmLabel: string;
  pendingLabel: string;
  command: (value: string) => DeviceCommand;
}

/** A change that takes one value: checked with the contract's rule before it is sent, the reason under the field. */
function FieldDialog({ onClose, run, pending, error, title, description, fieldId, fieldLabel, hint, initial, placeholder, schema, confirmLabel, pendingLabel, command }: FieldDialogProps) {
  const [value, setValue] = useState(initial);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${fieldId}-rule`;
  const confirm = () => {
    const checked = schema.safeParse(value);
    if (!checked.success) {
      // The contract's English rule, in the page's language (decision 0115).
      showRefusal(checked.error.issues[0]?.message ?? '', setFieldError);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    run(command(checked.data), onClose);
  };
  return (
    <ActionDialog onClose={onClose} title={title} description={description} confirmLabel={confirmLabel} pendingLabel={pendingLabel} pending={pending} error={error} onConfirm={confirm}>
      <FormField id={fieldId} label={fieldLabel} error={fieldError}>
        <Input
          ref={input}
          id={fieldId}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={[hint && hintId, fieldError && fieldErrorId(fieldId)].filter(Boolean).join(' ') || undefined}
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setValue(event.target.value)}
        />
        {hint && (
          <p id={hintId} className="text-xs text-muted-foreground" data-testid="field-rule">
            {hint}
          </p>
        )}
      </FormField>
    </ActionDialog>
  );
}

export function RenameDialog(props: DeviceDialogProps) {
  useMessages('devices');
  return (
    <FieldDialog
      {...props}
      title={t('devices.rename.title')}
      description={formatMessage('devices.rename.description', { max: DEVICE_LABEL_MAX })}
      fieldId={`device-name-${props.device.id}`}
      fieldLabel={t('devices.rename.field')}
      hint={labelRule(DEVICE_LABEL_MAX)}
      initial={props.device.label ?? ''}
      placeholder={t('devices.rename.placeholder')}
      schema={deviceLabelSchema}
      confirmLabel={t('devices.rename.confirm')}
      pendingLabel={t('devices.saving')}
      command={(label) => ({ type: 'rename', label })}
    />
  );
}

export function ChangeMacDialog(props: DeviceDialogProps) {
  useMessages('devices');
  return (
    <FieldDialog
      {...props}
      title={t('devices.changeMac.title')}
      description={formatIsolated('devices.changeMac.description', { mac: props.device.mac ?? t('devices.changeMac.oldOne'), prefix: MAG_MAC_PREFIX })}
      fieldId={`device-mac-${props.device.id}`}
      fieldLabel={t('devices.macAddress')}
      initial={props.device.mac ?? ''}
      placeholder={`${MAG_MAC_PREFIX}:12:34:56`}
      schema={macField}
      confirmLabel={t('devices.changeMac')}
      pendingLabel={t('devices.changing')}
      command={(mac) => ({ type: 'change-mac', mac })}
    />
  );
}

export function UseSetTopBoxDialog(props: DeviceDialogProps) {
  useMessages('devices');
  return (
    <FieldDialog
      {...props}
      title={t('devices.useBox')}
      description={formatIsolated('devices.useBox.description', { name: props.device.name })}
      fieldId={`device-box-mac-${props.device.id}`}
      fieldLabel={t('devices.macAddress')}
      hint={formatMessage('devices.useBox.hint', { prefix: MAG_MAC_PREFIX })}
      initial=""
      placeholder={`${MAG_MAC_PREFIX}:12:34:56`}
      schema={macField}
      confirmLabel={t('devices.useBox.confirm')}
      pendingLabel={t('devices.settingUp')}
      command={(mac) => ({ type: 'set-top-box', mac })}
    />
  );
}

/** The new password, shown here once with Copy, beside the playlist link that carries it. */
function NewPassword({ device, login, onClose }: { device: DeviceTarget; login: DevicePasswordResponse; onClose: () => void }) {
  useMessages('devices');
  const playlist = device.server ? playlistUrl(device.server, login.xtreamUsername, login.xtreamPassword) : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{formatIsolated('devices.newPassword.title', { name: device.name })}</DialogTitle>
          <DialogDescription>{playlist ? t('devices.newPassword.enterWithLink') : t('devices.newPassword.enter')}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2" data-testid="new-password">
          <CredentialLine label={t('devices.username')} value={login.xtreamUsername} copyLabel={t('devices.copyUsername')} what={t('devices.username')} />
          <CredentialLine label={t('devices.newPassword')} value={login.xtreamPassword} copyLabel={t('devices.copyNewPassword')} what={t('devices.password')} />
          {playlist && (
            <CredentialLine label={t('devices.playlistUrl')} value={playlist} copyLabel={t('devices.copyPlaylistUrl')} what={t('devices.playlistUrlWhat')}>
              <LinkQrDialog url={playlist} deviceName={device.name} kind="playlist" />
            </CredentialLine>
          )}
        </dl>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">{t('devices.done')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function NewPasswordDialog(props: DeviceDialogProps) {
  const { device, onClose, run, pending, error } = props;
  const [login, setLogin] = useState<DevicePasswordResponse | null>(null);
  useMessages('devices');
  if (login) return <NewPassword device={device} login={login} onClose={onClose} />;
  return (
    <ActionDialog
      onClose={onClose}
      title={t('devices.newPassword.confirm')}
      description={formatIsolated('devices.newPassword.description', { name: device.name })}
      confirmLabel={t('devices.newPassword.confirm')}
      pendingLabel={t('devices.changing')}
      destructive
      pending={pending}
      error={error}
      onConfirm={() => run({ type: 'new-password' }, (answer) => answer && setLogin(answer))}
    />
  );
}

export function IspResetDialog({ device, onClose, run, pending, error }: DeviceDialogProps) {
  useMessages('devices');
  return (
    <ActionDialog
      onClose={onClose}
      title={t('devices.ispReset')}
      description={formatIsolated('devices.ispReset.description', { name: device.name })}
      confirmLabel={t('devices.ispReset')}
      pendingLabel={t('devices.resetting')}
      pending={pending}
      error={error}
      onConfirm={() => run({ type: 'isp-reset' }, onClose)}
    />
  );
}

export function TurnOffDialog({ device, onClose, run, pending, error }: DeviceDialogProps) {
  useMessages('devices');
  return (
    <ActionDialog
      onClose={onClose}
      title={formatIsolated('devices.turnOff.title', { name: device.name })}
      description={t('devices.turnOff.description')}
      confirmLabel={t('devices.turnOff')}
      pendingLabel={t('devices.turningOff')}
      destructive
      pending={pending}
      error={error}
      onConfirm={() => run({ type: 'disable' }, onClose)}
    />
  );
}

export function TurnOnDialog({ device, onClose, run, pending, error }: DeviceDialogProps) {
  useMessages('devices');
  return (
    <ActionDialog
      onClose={onClose}
      title={formatIsolated('devices.turnOn.title', { name: device.name })}
      description={t('devices.turnOn.description')}
      confirmLabel={t('devices.turnOn')}
      pendingLabel={t('devices.turningOn')}
      pending={pending}
      error={error}
      onConfirm={() => run({ type: 'enable' }, onClose)}
    />
  );
}
