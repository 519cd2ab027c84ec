import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messageResponseSchema, resendSetupLinkRequestSchema } from '#contract/accounts';
import { Button } from '../../components/ui/button';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { useMessages } from '../../lib/i18n';
import { inPageLanguage } from '../../lib/page-resolver';

const resendFormSchema = resendSetupLinkRequestSchema.pick({ email: true, orderId: true });
type ResendForm = z.input<typeof resendFormSchema>;
type ResendValues = z.output<typeof resendFormSchema>;

const ORDER_ID_EXAMPLE = 'SP-1712345678901-123456';

/**
 * The guest order-info form (spec section 5), cut to what the server matches: the email
 * and the order id. The server answers the same neutral sentence whether or not the order matched.
 */
export function ResendSetupLinkForm({ email, orderId }: { email: string; orderId: string }) {
  const t = useMessages('auth');
  const form = useForm<ResendForm, unknown, ResendValues>({
    resolver: inPageLanguage(zodResolver(resendFormSchema)),
    defaultValues: { email, orderId },
  });
  const resend = useMutation({
    mutationFn: (body: ResendValues) => api(apiRoutes.resendSetupLink, { method: 'POST', body, schema: messageResponseSchema }),
    onError: (error) => toast({ title: t('auth.error'), description: messageOr(error, t('auth.resend.failed')), variant: 'destructive' }),
  });
  const { errors } = form.formState;
  const field = (name: keyof ResendForm) => invalidProps(`resend-${name}`, errors[name]?.message);

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit((values) => resend.mutate(values))(event)} aria-label={t('auth.resend.form')}>
      <FormField id="resend-email" label={t('auth.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} {...field('email')} {...form.register('email')} />
      </FormField>
      <FormField id="resend-orderId" label={t('auth.resend.orderId')} error={errors.orderId?.message}>
        <Input placeholder={ORDER_ID_EXAMPLE} className="font-mono" spellCheck={false} {...field('orderId')} {...form.register('orderId')} />
      </FormField>
      {resend.isSuccess && (
        <p role="status" className="flex gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm">
          <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
          {resend.data.message}
        </p>
      )}
      <Button type="submit" variant="secondary" className="w-full" disabled={resend.isPending}>
        {resend.isPending ? t('auth.resend.pending') : t('auth.resend.submit')}
      </Button>
    </form>
  );
}
