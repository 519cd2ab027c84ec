import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messageResponseSchema } from '#contract/accounts';
import { passwordChangeSchema } from '#contract/admin-staff';
import { INCORRECT_PASSWORD } from '#contract/admin-two-factor';
import { MAIN_ID } from '../../../components/SkipLink';
import { Button } from '../../../components/ui/button';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LogoutButton } from '../shared/LogoutButton';

const MyAccountTab = lazy(() => import('./MyAccountTab').then((module) => ({ default: module.MyAccountTab })));

/** A page of one step the member owes before the admin opens (decision 0098), with a way out. */
function StepPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto grid w-full max-w-xl min-w-0 gap-4 px-4 py-10 focus:outline-none">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <LogoutButton />
      </div>
      <p className="text-muted-foreground">{intro}</p>
      {children}
    </main>
  );
}

function PasswordChange({ onChanged }: { onChanged: () => void }) {
  const form = useForm<z.input<typeof passwordChangeSchema>, unknown, z.output<typeof passwordChangeSchema>>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const change = async (passwords: z.output<typeof passwordChangeSchema>) => {
    try {
      await api(adminApiRoutes.password, { method: 'POST', body: passwords, schema: messageResponseSchema });
      toast({ title: 'Password Changed' });
      onChanged();
    } catch (error) {
      const message = messageOr(error, 'The password could not be changed. Please try again.');
      form.setError(message === INCORRECT_PASSWORD ? 'currentPassword' : 'newPassword', { message }, { shouldFocus: true });
    }
  };
  return (
    <form className="grid min-w-0 gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6" noValidate onSubmit={(event) => void form.handleSubmit(change)(event)}>
      <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...invalidProps('current-password', errors.currentPassword?.message)} {...form.register('currentPassword')} />
      </FormField>
      <FormField id="new-password" label="New password" error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...invalidProps('new-password', errors.newPassword?.message)} {...form.register('newPassword')} />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        <KeyRound aria-hidden="true" />
        {isSubmitting ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}

/**
 * What a signed-in member must do before anything else (decision 0098): change a password
 * another staff member chose, then set up two-factor sign-in when the owner requires it.
 * The server refuses every other call meanwhile; this screen is the way through.
 */
export function SetUpFirst({ step }: { step: 'passwordChange' | 'twoFactorSetup' }) {
  const queryClient = useQueryClient();
  const done = () => void queryClient.invalidateQueries({ queryKey: adminKeys.session });
  if (step === 'passwordChange') {
    return (
      <StepPage title="Change your password" intro="Your password was chosen by another staff member. Choose your own before you continue.">
        <PasswordChange onChanged={done} />
      </StepPage>
    );
  }
  return (
    <StepPage title="Set up two-factor sign-in" intro="The store's owner requires two-factor sign-in for all staff. Set it up before you continue.">
      <Suspense fallback={<Skeleton className="h-40 rounded-2xl" />}>
        <MyAccountTab onSetUp={done} />
      </Suspense>
    </StepPage>
  );
}
