import { Home, LogOut } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { formatIsolated } from '../../lib/isolated-message';
import { useMessages } from '../../lib/i18n';
import { useSignOut } from '../../lib/sign-out';

export function AccountHeader({ firstName }: { firstName: string }) {
  const t = useMessages('account');
  const signOut = useSignOut();

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('account.title')}</h1>
        <p className="mt-1 text-muted-foreground">{formatIsolated('account.welcomeBack', { firstName })}</p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" asChild>
          <Link href="/">
            <Home aria-hidden="true" />
            {t('account.home')}
          </Link>
        </Button>
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          {signOut.isPending ? t('account.signingOut') : t('account.signOut')}
        </Button>
      </div>
    </div>
  );
}
