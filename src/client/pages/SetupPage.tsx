import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useParams } from 'wouter';
import type { z } from 'zod';
import { INVALID_SETUP_LINK, setupPasswordRequestSchema, type SetupTokenCheck, type SignedInResponse } from '#contract/accounts';
import { Button } from '../components/ui/button';
import { FormField, invalidProps } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { toast } from '../components/ui/use-toast';
import { AuthShell } from '../components/AuthShell';
import { rememberSignedIn } from '../features/auth/session';
import { apiRequest, serverMessage } from '../lib/api';

type SetupForm = z.input<typeof setupPasswordRequestSchema>;
type SetupValues = z.output<typeof setupPasswordRequestSchema>;

function StatusScreen({ text }: { text: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4" role="status" aria-live="polite">
      <p className="flex items-center gap-3 text-muted-foreground">
        <span className="size-5 animate-spin rounded-full border-2 border-muted border-t-primary" aria-hidden="true" />
        {text}
      </p>
    </div>
  );
}

export default function SetupPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const check = useQuery<SetupTokenCheck>({ queryKey: ['/api/setup', encodeURIComponent(token)], retry: false });
  const isInvalid = check.isError || (check.isSuccess && !check.data.valid);

  useEffect(() => {
    if (!isInvalid) return;
    toast({ title: 'Invalid Setup Link', description: INVALID_SETUP_LINK, variant: 'destructive' });
    navigate('/');
  }, [isInvalid, navigate]);

  if (check.isPending) return <StatusScreen text="Verifying setup link..." />;
  if (isInvalid || !check.data) return <StatusScreen text="Invalid setup link" />;
  return <SetupPasswordForm token={token} setup={check.data} />;
}

function SetupPasswordForm({ token, setup }: { token: string; setup: SetupTokenCheck }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<SetupForm, unknown, SetupValues>({
    resolver: zodResolver(setupPasswordRequestSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const complete = useMutation({
    mutationFn: async (body: SetupValues) => (await (await apiRequest('POST', '/api/setup-password', body)).json()) as SignedInResponse,
    onSuccess: ({ customer }) => {
      // The link is spent: a later visit must check it again.
      queryClient.removeQueries({ queryKey: ['/api/setup', encodeURIComponent(token)] });
      rememberSignedIn(queryClient, customer);
      toast({ title: 'Account Setup Complete', description: 'Your password has been set successfully. You are now logged in!' });
      navigate('/account');
    },
    onError: (error) => toast({ title: 'Setup Failed', description: serverMessage(error, 'Failed to setup password'), variant: 'destructive' }),
  });
  const { errors } = form.formState;
  const { firstName, email } = setup.customer;

  return (
    <AuthShell
      title="Complete Your Account Setup"
      description={
        <>
          Welcome, {firstName}! {setup.purpose === 'reset' ? 'Choose a new password for' : 'Create a password for'}{' '}
          <span className="font-semibold text-foreground">{email}</span>.
        </>
      }
    >
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => complete.mutate(values))}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField id="password" label="Create Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...invalidProps('password', errors.password?.message)} {...form.register('password')} />
        </FormField>
        <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...invalidProps('confirmPassword', errors.confirmPassword?.message)} {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={complete.isPending}>
          {complete.isPending ? 'Setting Up...' : 'Complete Account Setup'}
        </Button>
      </form>
    </AuthShell>
  );
}
