import { Link } from 'wouter';
import { AuthShell } from '../components/AuthShell';
import { SignUpForm, useSendSignedInToAccount } from '../features/auth';
import { useDocumentTitle } from '../lib/use-document-title';

export default function RegisterPage() {
  useSendSignedInToAccount();
  useDocumentTitle('Create Account');
  return (
    <AuthShell
      title="Create your account"
      description="Watch 18,000+ channels on up to 4 devices."
      footer={
        <>
          Already have an account?{' '}
          <Link href="/login" className="font-semibold text-accent hover:underline">Sign in</Link>
        </>
      }
    >
      <SignUpForm />
    </AuthShell>
  );
}
