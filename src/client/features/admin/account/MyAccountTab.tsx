import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { INCORRECT_PASSWORD, INVALID_TWO_FACTOR_CODE, twoFactorDisableRequestSchema, twoFactorEnableRequestSchema } from '#contract/admin-two-factor';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageOr } from '../../../lib/api';
import { useTwoFactorActions, useTwoFactorStatus, type TwoFactorActions } from './account-queries';
import { TwoFactorQrCode } from './TwoFactorQrCode';

const panel = 'grid min-w-0 gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6';

/** The code the authenticator app shows, as the 6-digit field of each form. */
function CodeInput({ id, error, field }: { id: string; error: string | undefined; field: UseFormRegisterReturn }) {
  return (
    <FormField id={id} label="Authentication code" error={error}>
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="max-w-40" {...invalidProps(id, error)} {...field} />
    </FormField>
  );
}

/** Step 2 of setup: scan or type the key, then confirm with a code; the recovery codes follow. */
function ConfirmSetup({ secret, otpauthUrl, actions, onEnabled }: { secret: string; otpauthUrl: string; actions: TwoFactorActions; onEnabled: (codes: string[]) => void }) {
  const form = useForm<z.input<typeof twoFactorEnableRequestSchema>, unknown, z.output<typeof twoFactorEnableRequestSchema>>({
    resolver: zodResolver(twoFactorEnableRequestSchema),
    defaultValues: { code: '' },
  });
  const confirm = (code: string) =>
    actions.enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => form.setError('code', { message: messageOr(error, INVALID_TWO_FACTOR_CODE) }, { shouldFocus: true }),
    });
  return (
    <section className={panel} aria-labelledby="two-factor-setup">
      <h3 id="two-factor-setup" className="text-lg font-semibold">
        Scan the code with your authenticator app
      </h3>
      <TwoFactorQrCode otpauthUrl={otpauthUrl} />
      <div className="grid min-w-0 gap-1">
        <p className="text-sm text-muted-foreground">Or type this key into the app:</p>
        <p className="flex min-w-0 items-center gap-1">
          <code className="min-w-0 break-all font-mono text-sm" data-testid="two-factor-secret">
            {secret}
          </code>
          <CopyButton value={secret} label="Copy setup key" what="Setup key" />
        </p>
      </div>
      <form className="grid gap-3" noValidate onSubmit={(event) => void form.handleSubmit(({ code }) => confirm(code))(event)}>
        <CodeInput id="two-factor-confirm-code" error={form.formState.errors.code?.message} field={form.register('code')} />
        <Button type="submit" className="justify-self-start" disabled={actions.enable.isPending}>
          <ShieldCheck aria-hidden="true" />
          {actions.enable.isPending ? 'Confirming...' : 'Confirm and Turn On'}
        </Button>
      </form>
    </section>
  );
}

/** The ten recovery codes, shown this once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className={panel} aria-labelledby="recovery-codes">
      <h3 id="recovery-codes" className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-accent" aria-hidden="true" />
        Your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        Save these now: they are not shown again. Each one signs you in once in place of a code, if you lose your authenticator app.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:max-w-sm" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton value={codes.join('\n')} label="Copy recovery codes" what="Recovery codes" />
        <Button type="button" variant="outline" onClick={onDone}>
          I Have Saved Them
        </Button>
      </div>
    </section>
  );
}

/** Turning two-factor sign-in off: the password and a current code. */
function TurnOff({ actions }: { actions: TwoFactorActions }) {
  const form = useForm<z.input<typeof twoFactorDisableRequestSchema>, unknown, z.output<typeof twoFactorDisableRequestSchema>>({
    resolver: zodResolver(twoFactorDisableRequestSchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const turnOff = (proof: z.output<typeof twoFactorDisableRequestSchema>) =>
    actions.disable.mutate(proof, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        const message = messageOr(error, INVALID_TWO_FACTOR_CODE);
        form.setError(message === INCORRECT_PASSWORD ? 'password' : 'code', { message }, { shouldFocus: true });
      },
    });
  return (
    <form className={panel} aria-labelledby="two-factor-off" noValidate onSubmit={(event) => void form.handleSubmit(turnOff)(event)}>
      <h3 id="two-factor-off" className="text-lg font-semibold">
        Turn two-factor sign-in off
      </h3>
      <FormField id="two-factor-off-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" className="max-w-sm" {...invalidProps('two-factor-off-password', errors.password?.message)} {...form.register('password')} />
      </FormField>
      <CodeInput id="two-factor-off-code" error={errors.code?.message} field={form.register('code')} />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={actions.disable.isPending}>
        <ShieldOff aria-hidden="true" />
        {actions.disable.isPending ? 'Turning Off...' : 'Turn Off Two-Factor Sign-In'}
      </Button>
    </form>
  );
}

/**
 * My account: two-factor sign-in (TOTP) for the signed-in admin (decision 0096). Setup shows a
 * QR code and the key, a code confirms it, and the ten recovery codes are shown once; turning
 * it off takes the password and a current code.
 */
export function MyAccountTab({ onSetUp }: { /** Called once the recovery codes are saved: a set-up the owner required is done (decision 0098). */ onSetUp?: () => void }) {
  const status = useTwoFactorStatus();
  const actions = useTwoFactorActions();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const saved = () => {
    setRecoveryCodes(null);
    onSetUp?.();
  };
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={saved} />;
  if (!status.data) return <Skeleton className="h-40 rounded-2xl" />;
  const offered = actions.setup.data;
  return (
    <div className="grid min-w-0 gap-4">
      <p className="flex items-center gap-2" data-testid="two-factor-status">
        {status.data.enabled ? <ShieldCheck className="size-5 text-success" aria-hidden="true" /> : <ShieldOff className="size-5 text-muted-foreground" aria-hidden="true" />}
        Two-factor sign-in is {status.data.enabled ? 'on' : 'off'}.
      </p>
      {status.data.enabled ? (
        <TurnOff actions={actions} />
      ) : offered ? (
        <ConfirmSetup
          secret={offered.secret}
          otpauthUrl={offered.otpauthUrl}
          actions={actions}
          onEnabled={(codes) => {
            actions.setup.reset();
            setRecoveryCodes(codes);
          }}
        />
      ) : (
        <div className={panel}>
          <p className="text-sm text-muted-foreground">
            With two-factor sign-in on, signing in asks for a code from an authenticator app on your phone as well as your password.
          </p>
          <Button type="button" className="justify-self-start" onClick={() => actions.setup.mutate()} disabled={actions.setup.isPending}>
            <ShieldCheck aria-hidden="true" />
            {actions.setup.isPending ? 'Setting Up...' : 'Set Up Two-Factor Sign-In'}
          </Button>
        </div>
      )}
    </div>
  );
}
