import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { MAIN_ID } from '../components/SkipLink';
import { Card, CardContent } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <main id={MAIN_ID} tabIndex={-1} className="flex min-h-screen items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link href="/" className="mt-6 inline-block text-sm text-accent hover:underline">
            Back to the store
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
