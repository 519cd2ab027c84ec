import { Link } from 'wouter';
import { AuthShell } from '../components/AuthShell';
import { SignInForm, useSendSignedInToAccount } from '../features/auth';
import { useDocumentTitle } from '../lib/use-document-title';

export default function LoginPage() {
  useSendSignedInToAccount();
  useDocumentTitle('Sign In');
  return (
    <AuthShell
      title="Welcome back"
      description="Sign in to see your subscriptions and device credentials."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link href="/register" className="font-semibold text-accent hover:underline">Sign up</Link>
        </>
      }
    >
      <SignInForm />
    </AuthShell>
  );
}
