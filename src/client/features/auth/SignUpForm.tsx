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
import { cn } from '../../lib/utils';
import { rememberSignedIn } from '../../lib/session';
import { TRIALS_PAUSED_LABEL, TRIALS_PAUSED_NOTE, useTrialsPaused } from '../../lib/trial-availability';

type RegisterForm = z.input<typeof registerRequestSchema>;
type RegisterValues = z.output<typeof registerRequestSchema>;

const ACCOUNT_TYPES = [
  { value: 'account', label: 'Full Account', hint: 'Buy and manage subscriptions', icon: UserRound },
  { value: 'trial', label: '36 Hour Free Trial', hint: 'One device, no card needed', icon: Clock },
] as const;

/** Refusals the customer can act on (the email already has an account or a trial; too many tries) are shown as the server words them. */
const SPEAKING_STATUSES = new Set([409, 429]);

/** /register's form (spec sections 2 and 5): a full account or the 36-hour trial; on success the customer goes to /account. */
export function SignUpForm() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(registerRequestSchema),
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
        title: 'Registration Failed',
        description: error instanceof ApiError && SPEAKING_STATUSES.has(error.status) ? messageOr(error, 'Failed to create account') : 'Failed to create account',
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
        <legend className="mb-2 text-sm font-medium">Account type</legend>
        <Controller
          control={form.control}
          name="signupType"
          render={({ field: { value, onChange, ref } }) => (
            <RadioGroup ref={ref} value={value} onValueChange={onChange} className="grid-cols-1 min-[400px]:grid-cols-2" aria-label="Account type">
              {ACCOUNT_TYPES.map(({ value: type, label, hint, icon: Icon }) => (
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
                      {label}
                    </span>
                    <span className="text-xs font-normal text-muted-foreground">{hint}</span>
                  </span>
                </Label>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
      <div className="grid gap-4 min-[400px]:grid-cols-2">
        <FormField id="firstName" label="First Name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...field('firstName')} />
        </FormField>
        <FormField id="lastName" label="Last Name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...field('lastName')} />
        </FormField>
      </div>
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...field('email')} />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...field('password')} />
      </FormField>
      <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </FormField>
      {trialsPaused && <p className="text-sm text-muted-foreground">{TRIALS_PAUSED_NOTE}</p>}
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending || trialsPaused}>
        {register.isPending ? 'Creating Account...' : trialsPaused ? TRIALS_PAUSED_LABEL : isTrial ? 'Start Free Trial' : 'Create Account'}
      </Button>
    </form>
  );
}
