import { KeyRound, MailCheck } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { AuthShell } from '../components/AuthShell';
import { ResendSetupLinkForm } from '../features/auth';
import { useMessages } from '../lib/i18n';
import { EmailAddress } from '../components/EmailAddress';
import { messageParts } from '../lib/message-parts';
import { useDocumentTitle } from '../lib/use-document-title';

const STEPS = ['auth.passwordSetup.step1', 'auth.passwordSetup.step2', 'auth.passwordSetup.step3'];

/** /password-setup?email&orderId: where checkout sends a new customer after paying (spec section 2). */
export default function PasswordSetupPage() {
  const t = useMessages('auth');
  useDocumentTitle(t('auth.passwordSetup.title'));
  const params = new URLSearchParams(useSearch());
  const email = params.get('email') ?? '';
  const orderId = params.get('orderId') ?? '';

  return (
    <AuthShell
      title={t('auth.passwordSetup.title')}
      description={t('auth.passwordSetup.description')}
      footer={
        <>
          {t('auth.passwordSetup.alreadySet')}{' '}
          <Link href="/login" className="font-semibold text-accent hover:underline">{t('auth.signUp.signInLink')}</Link>
        </>
      }
    >
      <div className="grid gap-6">
        <div className="flex gap-3 rounded-xl border border-primary/40 bg-primary/10 p-4">
          <MailCheck className="mt-0.5 size-6 shrink-0 text-accent" aria-hidden="true" />
          <div className="min-w-0 text-sm">
            <p>
              {messageParts('auth.passwordSetup.emailed', {
                email: (
                  <strong className="text-foreground" data-testid="setup-email">
                    {email ? <EmailAddress email={email} /> : t('auth.passwordSetup.yourEmail')}
                  </strong>
                ),
              })}
            </p>
            {orderId && (
              <p className="mt-1 text-muted-foreground">
                {messageParts('auth.passwordSetup.order', { orderId: <span className="break-all font-mono">{orderId}</span> })}
              </p>
            )}
          </div>
        </div>
        <ol className="grid gap-2 text-sm text-muted-foreground">
          {STEPS.map((step, index) => (
            <li key={step} className="flex items-start gap-3">
              <span className="tabular flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-bold text-foreground">{index + 1}</span>
              <span className="pt-0.5">{t(step)}</span>
            </li>
          ))}
        </ol>
        <section aria-labelledby="resend-title" className="grid gap-4 border-t border-border pt-6">
          <div>
            <h2 id="resend-title" className="flex items-center gap-2 font-semibold">
              <KeyRound className="size-4 text-accent" aria-hidden="true" /> {t('auth.passwordSetup.noEmail')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('auth.passwordSetup.noEmailHint')}</p>
          </div>
          <ResendSetupLinkForm email={email} orderId={orderId} />
        </section>
      </div>
    </AuthShell>
  );
}
