import { Megaphone } from 'lucide-react';
import type { AdminIncident } from '#contract/admin-incidents';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { adminDateTime } from '../shared/admin-view';
import { DetailField } from '../shared/DetailField';
import { PagedList } from '../shared/PagedList';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { useListPage } from '../shared/use-list-page';
import { useUrlParams } from '../shared/use-url-params';
import { IncidentDetail } from './IncidentDetail';
import { affectsText, incidentState } from './incident-view';
import { useIncidentActions, useIncidents } from './incident-queries';
import { PostIncidentDialog } from './PostIncidentDialog';

function IncidentCard({ incident, open }: { incident: AdminIncident; open: () => void }) {
  const timeZone = useStoreTimeZone();
  const state = incidentState(incident);
  const action = incident.compensationOffered ? 'Open and compensate' : 'Open';
  return (
    <li className="min-w-0 rounded-2xl border border-border bg-card p-4" data-testid="incident">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-words font-semibold">{incident.title}</p>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <DetailField label="Affects">{affectsText(incident)}</DetailField>
        <DetailField label="Started">{adminDateTime(incident.startedAt, timeZone)}</DetailField>
        <DetailField label="Ended">{incident.endedAt ? adminDateTime(incident.endedAt, timeZone) : 'Ongoing'}</DetailField>
      </dl>
      <Button size="sm" variant="outline" className="mt-3" onClick={open} aria-label={`${action} the incident ${incident.title}`}>
        {action}
      </Button>
    </li>
  );
}

/**
 * The status page's incidents (decision 0094), newest first: 'Post Incident', and each one's
 * detail, kept in the address as ?incident=, with 'End Incident' and 'Compensate N days'.
 */
export function IncidentsTab() {
  const { params, set } = useUrlParams();
  const paging = useListPage();
  const incidents = useIncidents(paging.page);
  const actions = useIncidentActions();
  const openId = params.get('incident');

  if (openId) return <IncidentDetail incidentId={openId} actions={actions} onBack={() => set({ incident: null })} />;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-muted-foreground">What the public status page at /status says, and the days given back to customers after an outage.</p>
        <PostIncidentDialog post={actions.post} />
      </div>
      <PagedList
        label="incidents"
        paging={paging}
        query={incidents}
        empty={{ icon: <Megaphone aria-hidden="true" />, title: 'No Incidents', hint: 'Post one when customers are affected: the status page shows it, and it can email them.' }}
      >
        {(items) => (
          <ul className="grid gap-3" aria-label="Incidents">
            {items.map((incident) => (
              <IncidentCard key={incident.id} incident={incident} open={() => set({ incident: incident.id })} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
