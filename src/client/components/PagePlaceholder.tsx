import { Construction } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent } from './ui/card';

/** Stands in for a page whose feature has not landed yet, with a way back to the store. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6 text-center">
          <Construction className="mx-auto size-10 text-warning" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">{title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">This page is on its way.</p>
          <Link href="/" className="mt-6 inline-block text-sm text-accent hover:underline">Back to the store</Link>
        </CardContent>
      </Card>
    </div>
  );
}
