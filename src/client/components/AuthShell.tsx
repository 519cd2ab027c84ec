import { BrandLogo } from './BrandLogo';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useMessages } from '../lib/i18n';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MAIN_ID } from './SkipLink';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card';

/** The frame of the sign-in, sign-up and password setup screens: the brand, one card, a way home. */
export function AuthShell({ title, description, children, footer }: { title: ReactNode; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const t = useMessages('auth');
  return (
    <main id={MAIN_ID} tabIndex={-1} className="relative flex min-h-screen flex-col items-center justify-center overflow-hidden px-4 py-10">
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-violet-600/20 blur-3xl" />
      <BrandLogo className="relative mb-6 text-xl" />
      <Card className="relative w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold leading-tight tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      {footer && <div className="relative mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
      <Link href="/" className="relative mt-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" /> {t('auth.backHome')}
      </Link>
      <LanguageSwitcher className="relative mt-4" />
    </main>
  );
}
