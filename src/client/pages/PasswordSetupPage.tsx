import { KeyRound, MailCheck } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { AuthShell } from '../components/AuthShell';
import { ResendSetupLinkForm } from '../features/auth';
import { useDocumentTitle } from '../lib/use-document-title';

const STEPS = ['Open the email we sent you.', 'Follow its link and create your password.', 'Sign in to see your subscription and device credentials.'];

/** /password-setup?email&orderId: where checkout sends a new customer after paying (spec section 2). */
export default function PasswordSetupPage() {
  useDocumentTitle('Set Up Your Password');
  const params = new URLSearchParams(useSearch());
  const email = params.get('email') ?? '';
  const orderId = params.get('orderId') ?? '';

  return (
    <AuthShell
      title="Set Up Your Password"
      description="Your order is in. One last step to open your account."
      footer={
        <>
          Already set your password?{' '}
          <Link href="/login" className="font-semibold text-accent hover:underline">Sign in</Link>
        </>
      }
    >
      <div className="grid gap-6">
        <div className="flex gap-3 rounded-xl border border-primary/40 bg-primary/10 p-4">
          <MailCheck className="mt-0.5 size-6 shrink-0 text-accent" aria-hidden="true" />
          <div className="min-w-0 text-sm">
            <p>
              We have emailed a link to set your password to{' '}
              <strong className="break-all text-foreground" data-testid="setup-email">{email || 'your email address'}</strong>.
            </p>
            {orderId && (
              <p className="mt-1 text-muted-foreground">
                Order <span className="break-all font-mono">{orderId}</span>
              </p>
            )}
          </div>
        </div>
        <ol className="grid gap-2 text-sm text-muted-foreground">
          {STEPS.map((step, index) => (
            <li key={step} className="flex items-start gap-3">
              <span className="tabular flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-bold text-foreground">{index + 1}</span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
        <section aria-labelledby="resend-title" className="grid gap-4 border-t border-border pt-6">
          <div>
            <h2 id="resend-title" className="flex items-center gap-2 font-semibold">
              <KeyRound className="size-4 text-accent" aria-hidden="true" /> Didn&apos;t get the email?
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">Check your spam folder, or confirm your email and order ID and we will send the link again.</p>
          </div>
          <ResendSetupLinkForm email={email} orderId={orderId} />
        </section>
      </div>
    </AuthShell>
  );
}
