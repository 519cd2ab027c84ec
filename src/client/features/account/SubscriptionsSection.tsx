import { ExternalLink, PlayCircle, Tv } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { CustomerProfile } from '#contract/accounts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useMessages } from '../../lib/i18n';
import { SubscriptionCard } from './SubscriptionCard';
import { useSubscriptions } from './use-account';

/** Video guides for the two apps most customers use, opened in a new tab. */
const TUTORIALS = [
  { labelKey: 'account.tutorial.tivimate', href: 'https://www.youtube.com/results?search_query=how+to+install+tivimate+iptv+player' },
  { labelKey: 'account.tutorial.xtream', href: 'https://www.youtube.com/results?search_query=how+to+add+xtream+codes+playlist+iptv' },
] as const;

/** The time the page reasons with, moved on each minute so 'Expired' and the hours left stay true. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function SubscriptionSkeleton() {
  return (
    <div className="rounded-2xl border border-border p-5" data-testid="subscription-skeleton">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="mt-2 h-4 w-24" />
      <Skeleton className="mt-5 h-12 w-full" />
      <Skeleton className="mt-3 h-28 w-full" />
      <div className="mt-4 grid grid-cols-2 gap-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    </div>
  );
}

export function SubscriptionsSection({ customer }: { customer: CustomerProfile }) {
  const t = useMessages('account', 'devices');
  const subscriptions = useSubscriptions(true);
  const now = useNow();

  return (
    <Card>
      <CardHeader className="gap-4 p-4 sm:flex-row sm:p-6 sm:flex-wrap sm:items-center sm:justify-between">
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight">
          <Tv className="size-5 text-accent" aria-hidden="true" />
          {t('account.subscriptions.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {TUTORIALS.map(({ labelKey, href }) => (
            <Button key={labelKey} variant="outline" size="sm" className="h-auto min-h-8 w-full whitespace-normal py-1.5 text-center sm:w-auto" asChild>
              <a href={href} target="_blank" rel="noopener noreferrer">
                <PlayCircle aria-hidden="true" />
                {t(labelKey)}
                <ExternalLink className="opacity-60 rtl:-scale-x-100" aria-hidden="true" />
              </a>
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 px-4 pb-4 sm:px-6 sm:pb-6" aria-busy={subscriptions.isPending}>
        {subscriptions.isPending ? (
          <SubscriptionSkeleton />
        ) : subscriptions.isError && !subscriptions.data ? (
          <p className="text-sm text-destructive" role="alert">{t('account.subscriptions.loadFailed')}</p>
        ) : subscriptions.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border py-10 text-center">
            <Tv className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="text-muted-foreground">{t('account.subscriptions.none')}</p>
            <Button asChild>
              <Link href="/#packages">{t('account.subscriptions.browse')}</Link>
            </Button>
          </div>
        ) : (
          subscriptions.data.map((subscription) => <SubscriptionCard key={subscription.id} subscription={subscription} customer={customer} now={now} />)
        )}
      </CardContent>
    </Card>
  );
}
