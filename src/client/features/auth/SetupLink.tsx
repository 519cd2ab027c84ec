import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { setupPasswordRequestSchema, setupTokenValidSchema, signedInResponseSchema, type SetupTokenCheck } from '#contract/accounts';
import { AuthShell } from '../../components/AuthShell';
import { MAIN_ID } from '../../components/SkipLink';
import { Button } from '../../components/ui/button';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { EmailAddress } from '../../components/EmailAddress';
import { api, getQueryFn, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { useMessages } from '../../lib/i18n';
import { messageParts } from '../../lib/message-parts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { rememberSignedIn } from '../../lib/session';
import { inPageLanguage } from '../../lib/page-resolver';

type SetupForm = z.input<typeof setupPasswordRequestSchema>;
type SetupValues = z.output<typeof setupPasswordRequestSchema>;

/**
 * The spec's words are for a new account's setup; a link from "Forgot password?" (purpose
 * 'reset') speaks of resetting the password instead: each purpose's keys start with its prefix.
 */
const WORDS = { setup: 'auth.setup', reset: 'auth.reset' } as const;

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
  const t = useMessages('auth');
  // An invalid or spent link is a 404 (spec section 7: no retry).
  const check = useQuery({ queryKey: queryKeys.setupLink(token), queryFn: getQueryFn({ schema: setupTokenValidSchema }), retry: false });
  const isInvalid = check.isError;
  useDocumentTitle(t(check.data ? `${WORDS[check.data.purpose]}.title` : 'auth.setup.pageTitle'));

  useEffect(() => {
    if (!isInvalid) return;
    toast({ title: t('auth.setup.invalidTitle'), description: t('auth.setup.invalidDescription'), variant: 'destructive' });
    navigate('/');
  }, [isInvalid, navigate, t]);

  if (check.isPending) return <StatusScreen text={t('auth.setup.verifying')} />;
  if (isInvalid || !check.data) return <StatusScreen text={t('auth.setup.invalid')} />;
  return <SetupPasswordForm token={token} setup={check.data} />;
}

function SetupPasswordForm({ token, setup }: { token: string; setup: SetupTokenCheck }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<SetupForm, unknown, SetupValues>({
    resolver: inPageLanguage(zodResolver(setupPasswordRequestSchema)),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const t = useMessages('auth');
  const prefix = WORDS[setup.purpose];
  const complete = useMutation({
    mutationFn: (body: SetupValues) => api(apiRoutes.setupPassword, { method: 'POST', body, schema: signedInResponseSchema }),
    onSuccess: ({ customer }) => {
      // The link is spent: a later visit must check it again.
      queryClient.removeQueries({ queryKey: queryKeys.setupLink(token) });
      rememberSignedIn(queryClient, customer);
      toast({ title: t(`${prefix}.doneTitle`), description: t(`${prefix}.done`) });
      navigate('/account');
    },
    onError: (error) => toast({ title: t(`${prefix}.failedTitle`), description: messageOr(error, t(`${prefix}.failed`)), variant: 'destructive' }),
  });
  const { errors } = form.formState;
  const { firstName, email } = setup.customer;

  return (
    <AuthShell
      title={t(`${prefix}.title`)}
      description={messageParts(`${prefix}.welcome`, {
        firstName: <bdi>{firstName}</bdi>,
        email: (
          <span className="font-semibold text-foreground">
            <EmailAddress email={email} />
          </span>
        ),
      })}
    >
      <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit((values) => complete.mutate(values))(event)}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField id="password" label={t(`${prefix}.password`)} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...invalidProps('password', errors.password?.message)} {...form.register('password')} />
        </FormField>
        <FormField id="confirmPassword" label={t('auth.signUp.confirmPassword')} error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...invalidProps('confirmPassword', errors.confirmPassword?.message)} {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={complete.isPending}>
          {complete.isPending ? t(`${prefix}.pending`) : t(`${prefix}.submit`)}
        </Button>
      </form>
    </AuthShell>
  );
}
