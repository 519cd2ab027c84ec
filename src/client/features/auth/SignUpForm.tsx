import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Clock, UserRound } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { registerRequestSchema, signedInResponseSchema } from '#contract/accounts';
import { Button } from '../../components/ui/button';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { toast } from '../../components/ui/use-toast';
import { api, ApiError, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { useMessages } from '../../lib/i18n';
import { cn } from '../../lib/utils';
import { rememberSignedIn } from '../../lib/session';
import { useTrialsPaused } from '../../lib/trial-availability';
import { inPageLanguage } from '../../lib/page-resolver';

type RegisterForm = z.input<typeof registerRequestSchema>;
type RegisterValues = z.output<typeof registerRequestSchema>;

/** Each account type, its icon and the key of its messages (`.label`, `.hint`). */
const ACCOUNT_TYPES = [
  { value: 'account', key: 'auth.signUp.account', icon: UserRound },
  { value: 'trial', key: 'auth.signUp.trial', icon: Clock },
] as const;

/** Refusals the customer can act on (the email already has an account or a trial; too many tries) are shown as the server words them. */
const SPEAKING_STATUSES = new Set([409, 429]);

/** /register's form (spec sections 2 and 5): a full account or the 36-hour trial; on success the customer goes to /account. */
export function SignUpForm() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const t = useMessages('auth');
  const failed = t('auth.signUp.failed');
  const form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: inPageLanguage(zodResolver(registerRequestSchema)),
    defaultValues: { signupType: 'account', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const register = useMutation({
    mutationFn: (body: RegisterValues) =>
      api(body.signupType === 'trial' ? apiRoutes.registerTrial : apiRoutes.register, { method: 'POST', body, schema: signedInResponseSchema }),
    onSuccess: ({ customer }) => {
      rememberSignedIn(queryClient, customer);
      navigate('/account');
    },
    onError: (error) =>
      toast({
        title: t('auth.signUp.failedTitle'),
        description: error instanceof ApiError && SPEAKING_STATUSES.has(error.status) ? messageOr(error, failed) : failed,
        variant: 'destructive',
      }),
  });
  const { errors } = form.formState;
  const field = (name: Exclude<keyof RegisterForm, 'signupType' | 'phone'>) => ({
    ...invalidProps(name, errors[name]?.message),
    ...form.register(name),
  });
  const isTrial = useWatch({ control: form.control, name: 'signupType' }) === 'trial';
  // Past the owner's daily budget the trial is refused; the button says so first (decision 0101).
  const trialsPaused = useTrialsPaused(isTrial) && isTrial;

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit((values) => register.mutate({ ...values, timeZone: browserTimeZone() ?? null }))(event)}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('auth.signUp.accountType')}</legend>
        <Controller
          control={form.control}
          name="signupType"
          render={({ field: { value, onChange, ref } }) => (
            <RadioGroup ref={ref} value={value} onValueChange={onChange} className="grid-cols-1 min-[400px]:grid-cols-2" aria-label={t('auth.signUp.accountType')}>
              {ACCOUNT_TYPES.map(({ value: type, key, icon: Icon }) => (
                <Label
                  key={type}
                  htmlFor={`signup-${type}`}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 transition-colors hover:bg-muted/60',
                    value === type && 'border-primary bg-primary/10',
                  )}
                >
                  <RadioGroupItem id={`signup-${type}`} value={type} className="mt-0.5" />
                  <span className="grid gap-1">
                    <span className="flex items-center gap-1.5 font-semibold">
                      <Icon className="size-4 text-accent" aria-hidden="true" />
                      {t(`${key}.label`)}
                    </span>
                    <span className="text-xs font-normal text-muted-foreground">{t(`${key}.hint`)}</span>
                  </span>
                </Label>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
      <div className="grid gap-4 min-[400px]:grid-cols-2">
        <FormField id="firstName" label={t('auth.signUp.firstName')} error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...field('firstName')} />
        </FormField>
        <FormField id="lastName" label={t('auth.signUp.lastName')} error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...field('lastName')} />
        </FormField>
      </div>
      <FormField id="email" label={t('auth.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} {...field('email')} />
      </FormField>
      <FormField id="password" label={t('auth.password')} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...field('password')} />
      </FormField>
      <FormField id="confirmPassword" label={t('auth.signUp.confirmPassword')} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </FormField>
      {trialsPaused && <p className="text-sm text-muted-foreground">{t('site.trialsPaused.note')}</p>}
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending || trialsPaused}>
        {register.isPending ? t('auth.signUp.pending') : trialsPaused ? t('site.trialsPaused.label') : t(isTrial ? 'auth.signUp.startTrial' : 'auth.signUp.submit')}
      </Button>
    </form>
  );
}
