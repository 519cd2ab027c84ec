import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { adminLoginRequestSchema, adminSessionSchema, INVALID_ADMIN_CREDENTIALS, type AdminLoginRequest } from '#contract/admin';
import { Button } from '../../../components/ui/button';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys, isAdminKey } from '../../../lib/admin-query-keys';

/** The /admin-login form: on success the new session is cached and the admin goes to /admin. */
export function AdminLoginForm() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // Whatever an earlier admin session cached (or a logout left behind) is not shown to the next one.
  useEffect(() => queryClient.removeQueries({ predicate: (query) => isAdminKey(query.queryKey) }), [queryClient]);

  const form = useForm<z.input<typeof adminLoginRequestSchema>, unknown, AdminLoginRequest>({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (body: AdminLoginRequest) => api(adminApiRoutes.login, { method: 'POST', body, schema: adminSessionSchema }),
    onSuccess: (session) => {
      queryClient.setQueryData(adminKeys.session, session);
      toast({ title: 'Admin Login Successful' });
      navigate('/admin');
    },
    onError: (error) => toast({ title: 'Login Failed', description: messageOr(error, INVALID_ADMIN_CREDENTIALS), variant: 'destructive' }),
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
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Admin Sign In'}
      </Button>
    </form>
  );
}
