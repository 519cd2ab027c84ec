import { ShieldCheck } from 'lucide-react';
import { AuthShell } from '../components/AuthShell';
import { AdminLoginForm } from '../features/admin';
import { useDocumentTitle } from '../lib/use-document-title';

export default function AdminLoginPage() {
  useDocumentTitle('Admin Sign In');
  return (
    <AuthShell
      title={
        <span className="inline-flex items-center gap-2">
          <ShieldCheck className="size-6 text-accent" aria-hidden="true" />
          Administrator Access Only
        </span>
      }
      description="Sign in with the store's administrator account."
    >
      <AdminLoginForm />
    </AuthShell>
  );
}
