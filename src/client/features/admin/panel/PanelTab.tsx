import { Activity } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminPanelView } from '#contract/admin-panel';
import { creditsText } from '#domain/panel-health';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { adminDateTime, count } from '../shared/admin-view';
import { DetailField } from '../shared/DetailField';
import { EmptyState } from '../shared/EmptyState';
import { StatGrid } from '../shared/StatGrid';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { usePanelView } from './panel-queries';
import { ALERT_NAMES, ALERTS_RULE, creditsLasting, creditsRate, errorsText, latencyText, reachability } from './panel-view';

// One icon in this section, as in the others: each more regrouped the shared icon chunks into the landing page's (decision 0024).
const icon = <Activity aria-hidden="true" />;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby={id}>
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

const card = 'min-w-0 rounded-2xl border border-border bg-card p-4';

/** The latest check: reachable or not, when, how fast, and the panel's error. */
function PanelNow({ view }: { view: AdminPanelView }) {
  const timeZone = useStoreTimeZone();
  const { latest } = view;
  if (!latest) {
    return (
      <EmptyState icon={icon} title="No Checks Yet">
        Every running instance of the store checks the panel once a minute: the first result shows here within a minute of the start.
      </EmptyState>
    );
  }
  const { label, variant } = reachability(latest);
  return (
    <div className={card} data-testid="panel-now">
      <Badge variant={variant}>{label}</Badge>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 min-[480px]:grid-cols-3">
        <DetailField label="Checked">{adminDateTime(latest.checkedAt, timeZone)}</DetailField>
        <DetailField label={latest.reachable ? 'Answered in' : 'Failed after'}>{latencyText(latest.latencyMs)}</DetailField>
        <DetailField label="Error">{latest.error ?? 'None'}</DetailField>
      </dl>
    </div>
  );
}

function Credits({ view }: { view: AdminPanelView }) {
  const timeZone = useStoreTimeZone();
  const { credits } = view;
  if (!credits) {
    return (
      <p className={`${card} text-sm`} data-testid="panel-credits">
        Not given by the panel.{' '}
        <span className="text-muted-foreground">
          {view.provider === 'generator' ? 'The demo generator spends no credits.' : 'Its answer to the check carries no reseller credits, so how long they last cannot be said.'}
        </span>
      </p>
    );
  }
  return (
    <div className={card} data-testid="panel-credits">
      <p className="tabular text-2xl font-bold">{creditsText(credits.credits)} credits</p>
      <p className="mt-1 text-sm">{creditsLasting(credits)}</p>
      <p className="mt-2 text-xs text-muted-foreground">{creditsRate(credits)}</p>
      <p className="mt-1 text-xs text-muted-foreground">As the panel gave them at {adminDateTime(credits.checkedAt, timeZone)}.</p>
    </div>
  );
}

function RecentErrors({ view }: { view: AdminPanelView }) {
  const timeZone = useStoreTimeZone();
  const { recentErrors } = view.lastHour;
  if (recentErrors.length === 0) {
    return (
      <EmptyState icon={icon} title="No Errors in the Last Hour">
        Every check of the last hour was answered. A failed check would show here with the panel&apos;s error.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Failed checks, newest first">
      {recentErrors.map((check) => (
        <li key={check.checkedAt} className={`${card} text-sm`} data-testid="panel-error">
          <p className="font-semibold">{adminDateTime(check.checkedAt, timeZone)}</p>
          <p className="mt-1 break-words text-muted-foreground">{check.error ?? 'No error given'}</p>
        </li>
      ))}
    </ul>
  );
}

function Alerts({ view }: { view: AdminPanelView }) {
  const timeZone = useStoreTimeZone();
  const { email, telegram, active } = view.alerts;
  return (
    <div className={`${card} grid gap-3 text-sm`} data-testid="panel-alerts">
      <p className="text-muted-foreground">{ALERTS_RULE}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        <DetailField label="Email">
          {email ? <span className="break-all">{email}</span> : 'Alerts have no address: set ALERT_EMAIL to be emailed them.'}
        </DetailField>
        <DetailField label="Telegram">{telegram ? 'On: each alert is posted to the configured chat' : 'Off: set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID to have alerts posted'}</DetailField>
      </dl>
      {active.length === 0 ? (
        <p>No alert is raised now.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Alerts raised now">
          {active.map((alert) => (
            <li key={alert.kind} className="min-w-0 max-w-full">
              {/* Wraps on a phone rather than widening the page. */}
              <Badge variant="destructive" className="rounded-xl">
                {ALERT_NAMES[alert.kind]}, since {adminDateTime(alert.since, timeZone)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * System > Panel (decision 0093): the provisioning panel as the store's checks see it, one a
 * minute: reachable or not now, its latency and errors over the last hour, the provisioning
 * jobs waiting for it, the reseller's credits with how long they last at the last 7 days'
 * sales, and where the owner's alerts go.
 */
export function PanelTab() {
  const panel = usePanelView();
  const view = panel.data?.data;

  if (!view) {
    if (!panel.isError) return <Skeleton className="h-64 rounded-2xl" role="status" aria-label="Loading" />;
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-destructive/40 bg-destructive/10 p-4 text-sm" role="alert">
        <p>The panel&apos;s checks could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void panel.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  return (
    <div className="grid min-w-0 gap-6">
      {view.provider === 'generator' && (
        <p className="rounded-2xl border border-warning/40 bg-warning/10 p-4 text-sm" data-testid="panel-demo">
          Demo: no reseller panel is configured (XTREAM_PANEL_URL), so the built-in generator makes the lines and every check succeeds.
        </p>
      )}
      <Section id="panel-now-heading" title="Now">
        <PanelNow view={view} />
      </Section>
      <StatGrid
        label="The panel over the last hour"
        stats={[
          { label: 'Latency p50, last hour', value: latencyText(view.lastHour.p50Ms), icon },
          { label: 'Latency p99, last hour', value: latencyText(view.lastHour.p99Ms), icon },
          { label: 'Errors, last hour', value: errorsText(view.lastHour), icon },
          { label: 'Provisioning jobs waiting', value: count(view.provisioningJobsWaiting), icon },
        ]}
      />
      <Section id="panel-credits-heading" title="Reseller credits">
        <Credits view={view} />
      </Section>
      <Section id="panel-errors-heading" title="Errors in the last hour">
        <RecentErrors view={view} />
      </Section>
      <Section id="panel-alerts-heading" title="Alerts">
        <Alerts view={view} />
      </Section>
    </div>
  );
}
