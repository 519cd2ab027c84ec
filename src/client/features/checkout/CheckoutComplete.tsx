import { CheckCircle2, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../components/ui/card';
import { t } from '../../lib/i18n';

/** Takes the form's place once the order is paid or free and complete. */
export function CheckoutComplete({ title, description, redirecting }: { title: string; description: ReactNode; redirecting: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center" role="status">
        <CheckCircle2 className="size-14 text-success" aria-hidden="true" />
        <h2 className="text-2xl font-bold">{title}</h2>
        <p className="max-w-md text-muted-foreground">{description}</p>
        {redirecting && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {t('checkout.redirecting')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
