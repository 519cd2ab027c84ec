import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { INVALID_SETUP_LINK, setupPasswordRequestSchema, setupTokenValidSchema, signedInResponseSchema, type SetupTokenCheck } from '#contract/accounts';
import { AuthShell } from '../../components/AuthShell';
import { MAIN_ID } from '../../components/SkipLink';
import { Button } from '../../components/ui/button';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { api, getQueryFn, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { rememberSignedIn } from '../../lib/session';

type SetupForm = z.input<typeof setupPasswordRequestSchema>;
type SetupValues = z.output<typeof setupPasswordRequestSchema>;

/**
 * The spec's words are for a new account's setup; a link from "Forgot password?" (purpose
 * 'reset') speaks of resetting the password instead.
 */
const WORDS = {
  setup: {
    title: 'Complete Your Account Setup',
    lead: 'Create a password for',
    passwordLabel: 'Create Password',
    submit: 'Complete Account Setup',
    pending: 'Setting Up...',
    done: { title: 'Account Setup Complete', description: 'Your password has been set successfully. You are now logged in!' },
    failed: { title: 'Setup Failed', fallback: 'Failed to setup password' },
  },
  reset: {
    title: 'Reset Your Password',
    lead: 'Choose a new password for',
    passwordLabel: 'New Password',
    submit: 'Reset Password',
    pending: 'Resetting...',
    done: { title: 'Password Reset', description: 'Your new password is set. You are now logged in!' },
    failed: { title: 'Password Reset Failed', fallback: 'Failed to reset your password' },
  },
} as const;

function StatusScreen({ text }: { text: string }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className="flex min-h-screen items-center justify-center px-4" role="status" aria-live="polite">
      <p className="flex items-center gap-3 text-muted-foreground">
        <span className="size-5 animate-spin rounded-full border-2 border-muted border-t-primary" aria-hidden="true" />
        {text}
      </p>
    </main>
  );
}

/**
 * /setup/:token (spec sections 2 and 4): the link is checked, then the customer sets a
 * password and is signed in; a bad link goes home with a toast.
 */
export function SetupLink({ token }: { token: string }) {
  const [, navigate] = useLocation();
  // An invalid or spent link is a 404 (spec section 7: no retry).
  const check = useQuery({ queryKey: queryKeys.setupLink(token), queryFn: getQueryFn({ schema: setupTokenValidSchema }), retry: false });
  const isInvalid = check.isError;
  useDocumentTitle(check.data ? WORDS[check.data.purpose].title : 'Password Setup');

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
  const words = WORDS[setup.purpose];
  const complete = useMutation({
    mutationFn: (body: SetupValues) => api(apiRoutes.setupPassword, { method: 'POST', body, schema: signedInResponseSchema }),
    onSuccess: ({ customer }) => {
      // The link is spent: a later visit must check it again.
      queryClient.removeQueries({ queryKey: queryKeys.setupLink(token) });
      rememberSignedIn(queryClient, customer);
      toast(words.done);
      navigate('/account');
    },
    onError: (error) => toast({ title: words.failed.title, description: messageOr(error, words.failed.fallback), variant: 'destructive' }),
  });
  const { errors } = form.formState;
  const { firstName, email } = setup.customer;

  return (
    <AuthShell
      title={words.title}
      description={
        <>
          Welcome, {firstName}! {words.lead}{' '}
          <span className="font-semibold text-foreground">{email}</span>.
        </>
      }
    >
      <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit((values) => complete.mutate(values))(event)}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField id="password" label={words.passwordLabel} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...invalidProps('password', errors.password?.message)} {...form.register('password')} />
        </FormField>
        <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...invalidProps('confirmPassword', errors.confirmPassword?.message)} {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={complete.isPending}>
          {complete.isPending ? words.pending : words.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
