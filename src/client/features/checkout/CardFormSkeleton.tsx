import { Skeleton } from '../../components/ui/skeleton';
import { t } from '../../lib/i18n';

/** Where the card form will be, while its code or the store's payment settings load. */
export function CardFormSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-label={t('checkout.card.loading')}>
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-12 w-full rounded-xl" />
    </div>
  );
}
