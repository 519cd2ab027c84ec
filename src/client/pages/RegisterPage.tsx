import { Link } from 'wouter';
import { AuthShell } from '../components/AuthShell';
import { SignUpForm, useSendSignedInToAccount } from '../features/auth';
import { useMessages } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

export default function RegisterPage() {
  useSendSignedInToAccount();
  const t = useMessages('auth');
  useDocumentTitle(t('auth.signUp.pageTitle'));
  return (
    <AuthShell
      title={t('auth.signUp.title')}
      description={t('auth.signUp.description')}
      footer={
        <>
          {t('auth.signUp.haveAccount')}{' '}
          <Link href="/login" className="font-semibold text-accent hover:underline">{t('auth.signUp.signInLink')}</Link>
        </>
      }
    >
      <SignUpForm />
    </AuthShell>
  );
}
