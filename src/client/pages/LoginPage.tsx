import { Link } from 'wouter';
import { AuthShell } from '../components/AuthShell';
import { SignInForm, useSendSignedInToAccount } from '../features/auth';
import { useMessages } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

export default function LoginPage() {
  useSendSignedInToAccount();
  const t = useMessages('auth');
  useDocumentTitle(t('auth.signIn.pageTitle'));
  return (
    <AuthShell
      title={t('auth.signIn.title')}
      description={t('auth.signIn.description')}
      footer={
        <>
          {t('auth.signIn.noAccount')}{' '}
          <Link href="/register" className="font-semibold text-accent hover:underline">{t('auth.signIn.signUpLink')}</Link>
        </>
      }
    >
      <SignInForm />
    </AuthShell>
  );
}
