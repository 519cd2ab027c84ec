import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { storeStatusSchema, type PublicIncident } from '#contract/status';
import { ENDED_INCIDENTS_SHOWN_DAYS } from '#domain/store-status';
import { BrandLogo } from '../../components/BrandLogo';
import { MAIN_ID } from '../../components/SkipLink';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { getQueryFn } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { formatMessage } from '../../lib/format-message';
import { pageLocale, t, useMessages } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { affectsText, checkLines, incidentTimes, statusWords, type Tone } from './status-view';

/** The page asks again this often while it is open: an outage's end shows without a reload. */
const STATUS_POLL_MS = 30_000;

const TONE_ICONS: Record<Tone, ReactNode> = {
  success: <CircleCheck className="size-8 shrink-0 text-success" aria-hidden="true" />,
  warning: <TriangleAlert className="size-8 shrink-0 text-warning" aria-hidden="true" />,
  destructive: <CircleX className="size-8 shrink-0 text-red-300" aria-hidden="true" />,
};

function IncidentCard({ incident }: { incident: PublicIncident }) {
  const { started, ended } = incidentTimes(incident, pageLocale());
  const open = incident.endedAt === null;
  return (
    <li className="min-w-0 rounded-2xl border border-border bg-card p-5" data-testid="status-incident">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words text-lg font-semibold">{incident.title}</h3>
        <Badge variant={open ? 'warning' : 'secondary'}>{t(open ? 'status.ongoing' : 'status.resolved')}</Badge>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-sm text-muted-foreground">{incident.message}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t('status.affects')}</dt>
          <dd className="break-words font-medium">{affectsText(incident)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t('status.started')}</dt>
          <dd className="font-medium">
            <time dateTime={incident.startedAt}>{started}</time>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t('status.ended')}</dt>
          <dd className="font-medium">{incident.endedAt ? <time dateTime={incident.endedAt}>{ended}</time> : ended}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * /status (decision 0094): for anyone, signed in or not. The store says Operational, Degraded
 * or Down, from its own database, the panel's checks and its owner's open incidents, then
 * lists the incidents open now and those ended in the last days.
 */
export function StatusBoard() {
  useMessages('status');
  const status = useQuery({ queryKey: queryKeys.storeStatus, queryFn: getQueryFn({ schema: storeStatusSchema }), refetchInterval: STATUS_POLL_MS });
  const answer = status.data;
  const words = answer ? statusWords(answer.status) : null;
  useDocumentTitle(words ? formatMessage('status.pageTitleOf', { status: words.label }) : t('status.pageTitle'));

  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto flex min-h-screen w-full max-w-3xl flex-col gap-8 px-4 py-10 focus:outline-none">
      <BrandLogo className="self-start" />
      <h1 className="text-3xl font-extrabold tracking-tight">{t('status.title')}</h1>

      {!answer ? (
        status.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-destructive/40 bg-destructive/10 p-4 text-sm" role="alert">
            <p>{t('status.loadFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              {t('status.tryAgain')}
            </Button>
          </div>
        ) : (
          <div className="grid gap-4" role="status" aria-label={t('status.loading')}>
            <Skeleton className="h-28 rounded-2xl" />
            <Skeleton className="h-20 rounded-2xl" />
          </div>
        )
      ) : (
        <>
          <Card data-testid="store-status" data-status={answer.status}>
            <CardHeader className="flex-row items-center gap-4">
              {TONE_ICONS[words!.tone]}
              <div className="min-w-0">
                <h2 className="text-2xl font-bold">{words!.label}</h2>
                <p className="text-sm text-muted-foreground">{words!.summary}</p>
              </div>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2 text-sm" aria-label={t('status.checks')}>
                {checkLines(answer).map((check) => (
                  <li key={check.name} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border px-4 py-3">
                    <span className="font-medium">{check.name}</span>
                    <Badge variant={check.tone}>{check.state}</Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>

          <section className="grid min-w-0 gap-3" aria-labelledby="incidents-heading">
            <h2 id="incidents-heading" className="text-xl font-bold">
              {t('status.incidents')}
            </h2>
            {answer.incidents.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">{formatMessage('status.noIncidents', { days: ENDED_INCIDENTS_SHOWN_DAYS })}</p>
            ) : (
              <ul className="grid gap-3" aria-label={t('status.incidents')}>
                {answer.incidents.map((incident) => (
                  <IncidentCard key={incident.id} incident={incident} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      <Link href="/" className="self-start text-sm text-muted-foreground hover:text-foreground">
        {t('status.backToStore')}
      </Link>
    </main>
  );
}
