import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FORGOT_PASSWORD_ANSWER, forgotPasswordRequestSchema, messageResponseSchema, type ForgotPasswordRequest } from '#contract/accounts';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { useMessages } from '../../lib/i18n';
import { inPageLanguage } from '../../lib/page-resolver';

/**
 * "Forgot password?": emails a link to choose a new password. The answer is the same
 * whether or not an account exists, so it reveals nothing about an address.
 */
export function ForgotPasswordDialog({ open, onOpenChange, email }: { open: boolean; onOpenChange: (open: boolean) => void; email: () => string }) {
  const t = useMessages('auth');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('auth.forgot.title')}</DialogTitle>
          <DialogDescription>{t('auth.forgot.description')}</DialogDescription>
        </DialogHeader>
        <ForgotPasswordForm initialEmail={email()} />
      </DialogContent>
    </Dialog>
  );
}

function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const t = useMessages('auth');
  const form = useForm<z.input<typeof forgotPasswordRequestSchema>, unknown, ForgotPasswordRequest>({
    resolver: inPageLanguage(zodResolver(forgotPasswordRequestSchema)),
    defaultValues: { email: initialEmail },
  });
  const send = useMutation({
    mutationFn: async (body: ForgotPasswordRequest) => (await api(apiRoutes.forgotPassword, { method: 'POST', body, schema: messageResponseSchema })).message,
    onError: (error) => toast({ title: t('auth.error'), description: messageOr(error, t('auth.forgot.failed')), variant: 'destructive' }),
  });
  const error = form.formState.errors.email?.message;

  if (send.isSuccess) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
        <MailCheck className="size-10 text-success" aria-hidden="true" />
        <p>{send.data || FORGOT_PASSWORD_ANSWER}</p>
        <DialogClose asChild>
          <Button variant="outline">{t('auth.close')}</Button>
        </DialogClose>
      </div>
    );
  }
  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit((values) => send.mutate(values))(event)}>
      <FormField id="forgot-email" label={t('auth.email')} error={error}>
        <Input type="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} {...invalidProps('forgot-email', error)} {...form.register('email')} />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">{t('auth.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={send.isPending}>
          {t(send.isPending ? 'auth.forgot.pending' : 'auth.forgot.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
