import { TrendingUp } from 'lucide-react';
import { useId } from 'react';
import type { AdminStats } from '#contract/admin';
import type { CurrencyCode } from '#domain/currencies';
import { Skeleton } from '../../../components/ui/skeleton';
import { CHART_HEIGHT, CHART_WIDTH, revenueBars, revenueSummary } from './revenue-chart';

/**
 * Revenue per day for the last `period` days (30 unless told), as bars drawn in inline SVG (no
 * charting library to load), of one currency's orders (USD unless told, decision 0105).
 */
export function RevenueChart({ days, period = 30, currency = 'USD' }: { days: AdminStats['revenueByDay'] | undefined; period?: number; currency?: CurrencyCode }) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <section className="min-w-0 rounded-2xl border border-border bg-card p-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <TrendingUp className="size-4 text-accent" aria-hidden="true" />
        Revenue{currency === 'USD' ? '' : ` in ${currency}`}, last {period} days
      </h2>
      {days ? (
        <>
          <svg
            className="mt-3 block h-24 w-full"
            viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-labelledby={titleId}
            aria-describedby={summaryId}
          >
            {revenueBars(days, currency).map((bar) => (
              <rect key={bar.date} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={1} className={bar.empty ? 'fill-muted' : 'fill-accent'}>
                <title>{bar.label}</title>
              </rect>
            ))}
          </svg>
          <p id={summaryId} className="tabular mt-2 text-xs text-muted-foreground">
            {revenueSummary(days, period, currency)}
          </p>
        </>
      ) : (
        <Skeleton className="mt-3 h-[7.5rem]" />
      )}
    </section>
  );
}
