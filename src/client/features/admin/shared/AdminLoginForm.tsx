import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { adminLoginRequestSchema, adminSessionSchema, INVALID_ADMIN_CREDENTIALS, type AdminLoginRequest } from '#contract/admin';
import { signInRefusalSchema, TWO_FACTOR_CODE_REQUIRED } from '#contract/admin-two-factor';
import { Button } from '../../../components/ui/button';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { api, ApiError, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys, isAdminKey } from '../../../lib/admin-query-keys';

/** Whether a refusal asks for the second factor: the password was right (decision 0096). */
const asksForCode = (error: unknown) => error instanceof ApiError && error.status === 401 && signInRefusalSchema.safeParse(error.body).data?.twoFactorRequired === true;

/**
 * The /admin-login form: on success the new session is cached and the admin goes to /admin.
 * Once the server answers twoFactorRequired, an Authentication code field asks for the
 * authenticator's code or a recovery code, and the next sign-in sends it.
 */
export function AdminLoginForm() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // Whatever an earlier admin session cached (or a logout left behind) is not shown to the next one.
  useEffect(() => queryClient.removeQueries({ predicate: (query) => isAdminKey(query.queryKey) }), [queryClient]);

  const form = useForm<z.input<typeof adminLoginRequestSchema>, unknown, AdminLoginRequest>({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { username: '', password: '', code: '' },
  });
  const [codeAsked, setCodeAsked] = useState(false);
  const login = useMutation({
    // No code until one is asked for: the spec's body stays { username, password }.
    mutationFn: ({ code, ...credentials }: AdminLoginRequest) =>
      api(adminApiRoutes.login, { method: 'POST', body: code ? { ...credentials, code } : credentials, schema: adminSessionSchema }),
    onSuccess: (session) => {
      queryClient.setQueryData(adminKeys.session, session);
      toast({ title: 'Admin Login Successful' });
      navigate('/admin');
    },
    onError: (error) => {
      if (asksForCode(error)) {
        setCodeAsked(true);
        // The first ask is the sign-in's next step, not a failure: the field says what to do.
        if (error.message !== TWO_FACTOR_CODE_REQUIRED) form.setError('code', { message: error.message });
        setTimeout(() => form.setFocus('code'));
        if (error.message === TWO_FACTOR_CODE_REQUIRED) return;
      }
      toast({ title: 'Login Failed', description: messageOr(error, INVALID_ADMIN_CREDENTIALS), variant: 'destructive' });
    },
  });
  const { errors } = form.formState;

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit((values) => login.mutate(values))(event)}>
      <FormField id="admin-username" label="Admin Username" error={errors.username?.message}>
        <Input autoComplete="username" {...invalidProps('admin-username', errors.username?.message)} {...form.register('username')} />
      </FormField>
      <FormField id="admin-password" label="Admin Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...invalidProps('admin-password', errors.password?.message)} {...form.register('password')} />
      </FormField>
      {codeAsked && (
        <FormField id="admin-code" label="Authentication code" error={errors.code?.message}>
          <p id="admin-code-hint" className="text-sm text-muted-foreground">
            Enter the 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
          <Input
            autoComplete="one-time-code"
            {...invalidProps('admin-code', errors.code?.message)}
            aria-describedby={errors.code?.message ? 'admin-code-error admin-code-hint' : 'admin-code-hint'}
            {...form.register('code')}
          />
        </FormField>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Admin Sign In'}
      </Button>
    </form>
  );
}
