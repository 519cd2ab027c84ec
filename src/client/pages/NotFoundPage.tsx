import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { MAIN_ID } from '../components/SkipLink';
import { Card, CardContent } from '../components/ui/card';
import { useMessages } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  const t = useMessages('pages');
  useDocumentTitle(t('pages.notFound.pageTitle'));
  return (
    <main id={MAIN_ID} tabIndex={-1} className="flex min-h-screen items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">{t('pages.notFound.title')}</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{t('pages.notFound.text')}</p>
          <Link href="/" className="mt-6 inline-block text-sm text-accent hover:underline">
            {t('pages.notFound.back')}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
