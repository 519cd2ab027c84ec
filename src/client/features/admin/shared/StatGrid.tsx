import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { count } from './admin-view';

export interface Stat {
  label: string;
  value: string | number;
  icon: ReactNode;
  /** A figure past a limit: amber to watch, red to act (the dispute rate, decision 0100); its words say so too. */
  tone?: 'ok' | 'amber' | 'red';
}

const TONE_CLASS = { ok: '', amber: 'text-amber-400', red: 'text-red-400' } as const;

/** The summaries and stat cards of both dashboards; skeletons hold their place while the figures load. */
export function StatGrid({ label, stats }: { label: string; stats: Stat[] | undefined }) {
  return (
    <section aria-label={label}>
      <dl className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {stats
          ? stats.map((stat) => (
              <div key={stat.label} className="min-w-0 rounded-2xl border border-border bg-card p-4">
                <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground [&_svg]:size-4 [&_svg]:text-accent">
                  {stat.icon}
                  {stat.label}
                </dt>
                <dd className={`tabular mt-2 break-words text-xl font-bold ${TONE_CLASS[stat.tone ?? 'ok']}`} data-tone={stat.tone}>{typeof stat.value === 'number' ? count(stat.value) : stat.value}</dd>
              </div>
            ))
          : Array.from({ length: 4 }, (_, index) => <Skeleton key={index} className="h-[5.5rem] rounded-2xl" />)}
      </dl>
    </section>
  );
}
