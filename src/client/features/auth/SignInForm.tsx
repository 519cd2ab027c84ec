import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { loginRequestSchema, signedInResponseSchema, type LoginRequest } from '#contract/accounts';
import { Button } from '../../components/ui/button';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { api, ApiError, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { useMessages } from '../../lib/i18n';
import { rememberSignedIn } from '../../lib/session';
import { inPageLanguage } from '../../lib/page-resolver';

/** /login's form (spec sections 2 and 5): on success the customer goes to /account; "Forgot password?" opens the reset dialog. */
export function SignInForm() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [forgotOpen, setForgotOpen] = useState(false);
  const t = useMessages('auth');
  const loginFailed = t('auth.signIn.failed');
  const form = useForm<z.input<typeof loginRequestSchema>, unknown, LoginRequest>({
    resolver: inPageLanguage(zodResolver(loginRequestSchema)),
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (body: LoginRequest) => api(apiRoutes.login, { method: 'POST', body, schema: signedInResponseSchema }),
    onSuccess: ({ customer }) => {
      rememberSignedIn(queryClient, customer);
      navigate('/account');
    },
    onError: (error) =>
      toast({
        title: t('auth.signIn.failedTitle'),
        // Too many attempts says when to try again; every other refusal reads the same.
        description: error instanceof ApiError && error.status === 429 ? messageOr(error, loginFailed) : loginFailed,
        variant: 'destructive',
      }),
  });
  const { errors } = form.formState;

  return (
    <>
      <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit((values) => login.mutate(values))(event)}>
        <FormField id="email" label={t('auth.email')} error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} {...invalidProps('email', errors.email?.message)} {...form.register('email')} />
        </FormField>
        <FormField id="password" label={t('auth.password')} error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...invalidProps('password', errors.password?.message)} {...form.register('password')} />
        </FormField>
        <div className="-mt-1 flex justify-end">
          <button type="button" className="text-sm text-accent hover:underline" onClick={() => setForgotOpen(true)}>
            {t('auth.signIn.forgot')}
          </button>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {t(login.isPending ? 'auth.signIn.pending' : 'auth.signIn.submit')}
        </Button>
      </form>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} email={() => form.getValues('email')} />
    </>
  );
}
