import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError, messageOr } from '../../../lib/api';
import { adminDateTime, count } from '../shared/admin-view';
import { DetailField } from '../shared/DetailField';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { CompensateSection } from './CompensateSection';
import { affectsText, incidentState } from './incident-view';
import { useIncident, type IncidentActions } from './incident-queries';

/**
 * One incident: what the status page says of it, who posted it and whom it emailed, 'End
 * Incident' while it lasts, and its compensation. Ending one that lasted over an hour opens
 * "Compensate N days" at once (decision 0094).
 */
export function IncidentDetail({ incidentId, actions, onBack }: { incidentId: string; actions: IncidentActions; onBack: () => void }) {
  const timeZone = useStoreTimeZone();
  const incident = useIncident(incidentId);
  const [confirming, setConfirming] = useState(false);
  const back = (
    <Button variant="outline" size="sm" className="justify-self-start" onClick={onBack}>
      All incidents
    </Button>
  );

  if (!incident.data) {
    return (
      <div className="grid gap-4">
        {back}
        {incident.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-destructive/40 bg-destructive/10 p-4 text-sm" role="alert">
            <p>{incident.error instanceof ApiError && incident.error.status === 404 ? messageOr(incident.error, 'Incident not found') : 'The incident could not be loaded.'}</p>
            <Button variant="outline" size="sm" onClick={() => void incident.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <Skeleton className="h-64 rounded-2xl" role="status" aria-label="Loading" />
        )}
      </div>
    );
  }

  const shown = incident.data;
  const state = incidentState(shown);
  return (
    <div className="grid min-w-0 gap-4">
      {back}
      <article className="grid min-w-0 gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6" data-testid="incident-detail">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 break-words text-xl font-bold">{shown.title}</h3>
          <Badge variant={state.variant}>{state.label}</Badge>
        </div>
        <p className="whitespace-pre-line break-words text-sm text-muted-foreground">{shown.message}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
          <DetailField label="Affects">{affectsText(shown)}</DetailField>
          <DetailField label="Started">{adminDateTime(shown.startedAt, timeZone)}</DetailField>
          <DetailField label="Ended">{shown.endedAt ? adminDateTime(shown.endedAt, timeZone) : 'Ongoing'}</DetailField>
          <DetailField label="Posted by">{shown.postedBy}</DetailField>
          <DetailField label="Customers emailed">{shown.notifiedCustomers === null ? 'Not asked' : count(shown.notifiedCustomers)}</DetailField>
        </dl>
        {!shown.endedAt && (
          <Button
            className="justify-self-start"
            variant="outline"
            disabled={actions.end.isPending}
            onClick={() =>
              actions.end.mutate(shown.id, {
                onSuccess: ({ incident: ended }) => {
                  if (ended.compensationOffered) setConfirming(true);
                },
              })
            }
          >
            {actions.end.isPending ? 'Ending...' : 'End Incident'}
          </Button>
        )}
        <CompensateSection key={shown.suggestedDays} incident={shown} compensate={actions.compensate} confirming={confirming} setConfirming={setConfirming} />
      </article>
    </div>
  );
}
