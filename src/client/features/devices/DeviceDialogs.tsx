import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { DEVICE_LABEL_MAX, macField, MAG_MAC_PREFIX, type DevicePasswordResponse } from '#contract/devices';
import { labelField, labelRule } from '#contract/fields';
import { LinkQrDialog } from '../../components/LinkQrDialog';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { fieldErrorId, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { playlistUrl } from '../../lib/playlist-url';
import { ActionDialog } from './ActionDialog';
import { CredentialLine } from './CredentialLine';
import type { DeviceCommand } from './device-commands';
import type { DeviceTarget } from './device-view';

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
  description: string;
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
      setFieldError(checked.error.issues[0]?.message);
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
  return (
    <FieldDialog
      {...props}
      title="Rename device"
      description={`A name only you and the store see, to tell your devices apart (1-${DEVICE_LABEL_MAX} characters).`}
      fieldId={`device-name-${props.device.id}`}
      fieldLabel="Device name"
      hint={labelRule(DEVICE_LABEL_MAX)}
      initial={props.device.label ?? ''}
      placeholder="Living room TV"
      schema={deviceLabelSchema}
      confirmLabel="Save name"
      pendingLabel="Saving..."
      command={(label) => ({ type: 'rename', label })}
    />
  );
}

export function ChangeMacDialog(props: DeviceDialogProps) {
  return (
    <FieldDialog
      {...props}
      title="Change MAC address"
      description={`The box with this MAC address takes the place of ${props.device.mac ?? 'the old one'}, which stops working. MAG boxes start with ${MAG_MAC_PREFIX}.`}
      fieldId={`device-mac-${props.device.id}`}
      fieldLabel="MAC address"
      initial={props.device.mac ?? ''}
      placeholder={`${MAG_MAC_PREFIX}:12:34:56`}
      schema={macField}
      confirmLabel="Change MAC"
      pendingLabel="Changing..."
      command={(mac) => ({ type: 'change-mac', mac })}
    />
  );
}

export function UseSetTopBoxDialog(props: DeviceDialogProps) {
  return (
    <FieldDialog
      {...props}
      title="Use a set-top box instead"
      description={`Watching on a MAG or Enigma2 box? Add it by its MAC address (on the sticker under the box). The box takes the place of ${props.device.name} and signs in at the portal address: its username and password stop working.`}
      fieldId={`device-box-mac-${props.device.id}`}
      fieldLabel="MAC address"
      hint={`Six pairs of hex digits. MAG boxes start with ${MAG_MAC_PREFIX}.`}
      initial=""
      placeholder={`${MAG_MAC_PREFIX}:12:34:56`}
      schema={macField}
      confirmLabel="Use this box"
      pendingLabel="Setting Up..."
      command={(mac) => ({ type: 'set-top-box', mac })}
    />
  );
}

/** The new password, shown here once with Copy, beside the playlist link that carries it. */
function NewPassword({ device, login, onClose }: { device: DeviceTarget; login: DevicePasswordResponse; onClose: () => void }) {
  const playlist = device.server ? playlistUrl(device.server, login.xtreamUsername, login.xtreamPassword) : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>New password for {device.name}</DialogTitle>
          <DialogDescription>Enter it in your apps now: the old password no longer works.{playlist ? ' The playlist link below carries it.' : ''}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2" data-testid="new-password">
          <CredentialLine label="Username" value={login.xtreamUsername} copyLabel="Copy username" what="Username" />
          <CredentialLine label="New password" value={login.xtreamPassword} copyLabel="Copy new password" what="Password" />
          {playlist && (
            <CredentialLine label="M3U Playlist URL" value={playlist} copyLabel="Copy playlist URL" what="Playlist URL">
              <LinkQrDialog url={playlist} deviceName={device.name} kind="playlist" />
            </CredentialLine>
          )}
        </dl>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function NewPasswordDialog(props: DeviceDialogProps) {
  const { device, onClose, run, pending, error } = props;
  const [login, setLogin] = useState<DevicePasswordResponse | null>(null);
  if (login) return <NewPassword device={device} login={login} onClose={onClose} />;
  return (
    <ActionDialog
      onClose={onClose}
      title="Change password"
      description={`The store makes a new strong password for ${device.name}. The old one stops working at once: every app that uses it must be given the new one.`}
      confirmLabel="Change password"
      pendingLabel="Changing..."
      destructive
      pending={pending}
      error={error}
      onConfirm={() => run({ type: 'new-password' }, (answer) => answer && setLogin(answer))}
    />
  );
}

export function IspResetDialog({ device, onClose, run, pending, error }: DeviceDialogProps) {
  return (
    <ActionDialog
      onClose={onClose}
      title="Reset ISP lock"
      description={`Use this when ${device.name} moved to another internet connection and stopped playing: the lock to its old provider is lifted and the next connection sets it again.`}
      confirmLabel="Reset ISP lock"
      pendingLabel="Resetting..."
      pending={pending}
      error={error}
      onConfirm={() => run({ type: 'isp-reset' }, onClose)}
    />
  );
}

export function TurnOffDialog({ device, onClose, run, pending, error }: DeviceDialogProps) {
  return (
    <ActionDialog
      onClose={onClose}
      title={`Turn off ${device.name}?`}
      description="It stops playing until you turn it on again. Your other devices keep playing, and the subscription's time runs on."
      confirmLabel="Turn off"
      pendingLabel="Turning off..."
      destructive
      pending={pending}
      error={error}
      onConfirm={() => run({ type: 'disable' }, onClose)}
    />
  );
}

export function TurnOnDialog({ device, onClose, run, pending, error }: DeviceDialogProps) {
  return (
    <ActionDialog
      onClose={onClose}
      title={`Turn on ${device.name}?`}
      description="It can play again with the same login."
      confirmLabel="Turn on"
      pendingLabel="Turning on..."
      pending={pending}
      error={error}
      onConfirm={() => run({ type: 'enable' }, onClose)}
    />
  );
}
