import { Ban, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { BLOCKLIST_KIND_LABELS, type BlocklistEntry } from '#contract/admin-blocklist';
import { BLOCKLIST_KINDS } from '#domain/blocklist';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { adminDateTime } from '../shared/admin-view';
import { DetailField } from '../shared/DetailField';
import { ANY, FilterSelect } from '../shared/FilterFields';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { PagedList } from '../shared/PagedList';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { useListPage } from '../shared/use-list-page';
import { useUrlFilters } from '../shared/use-url-filters';
import { AddBlocklistEntryDialog } from './AddBlocklistEntryDialog';
import { useBlocklist, useBlocklistActions } from './blocklist-queries';

const FILTERS = ['kind'] as const;
const KIND_OPTIONS = [{ value: ANY, label: 'All kinds' }, ...BLOCKLIST_KINDS.map((kind) => ({ value: kind, label: BLOCKLIST_KIND_LABELS[kind] }))];

function EntryCard({ entry, onDelete }: { entry: BlocklistEntry; onDelete: () => void }) {
  const timeZone = useStoreTimeZone();
  return (
    <li className="min-w-0 rounded-2xl border border-border bg-card p-4" data-testid="blocklist-entry">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-all font-mono font-semibold">{entry.value}</p>
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">{BLOCKLIST_KIND_LABELS[entry.kind]}</Badge>
          {entry.expired ? <Badge variant="destructive">Expired</Badge> : <Badge variant="success">Active</Badge>}
        </div>
      </div>
      <p className="mt-2 min-w-0 break-words text-sm">{entry.reason}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <DetailField label="Added by">{entry.author}</DetailField>
        <DetailField label="Added">{adminDateTime(entry.createdAt, timeZone)}</DetailField>
        <DetailField label="Expires">{entry.expiresAt ? adminDateTime(entry.expiresAt, timeZone) : 'Never'}</DetailField>
      </dl>
      <Button size="sm" variant="outline" className="mt-3 border-destructive/50 text-destructive hover:bg-destructive/10" onClick={onDelete}>
        <Trash2 aria-hidden="true" />
        Delete<span className="sr-only"> {entry.value}</span>
      </Button>
    </li>
  );
}

/** Asked before an entry goes: once deleted, the buyer it names may buy again. */
function DeleteEntryDialog({ entry, onClose, remove }: { entry: BlocklistEntry | null; onClose: () => void; remove: ReturnType<typeof useBlocklistActions>['remove'] }) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Blocklist Entry</DialogTitle>
          <DialogDescription className="break-all">Remove {entry?.value} from the blocklist? Its buyer can order again at once.</DialogDescription>
        </DialogHeader>
        <FormDialogFooter
          pending={remove.isPending}
          label="Delete Entry"
          pendingLabel="Deleting..."
          onConfirm={() => entry && remove.mutate(entry.id, { onSettled: onClose })}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Who the store will not sell to (decision 0099): every entry newest first with its kind,
 * reason, author, dates and whether it expired, narrowed by kind (kept in the address);
 * 'Add Entry' and a confirmed delete.
 */
export function BlocklistTab() {
  const paging = useListPage();
  const filters = useUrlFilters(FILTERS);
  const entries = useBlocklist(paging.page, filters.values.kind);
  const actions = useBlocklistActions();
  const [deleting, setDeleting] = useState<BlocklistEntry | null>(null);
  const empty = filters.values.kind
    ? { icon: <Ban aria-hidden="true" />, title: 'No Entries of This Kind', hint: 'Choose All kinds, or add one.' }
    : { icon: <Ban aria-hidden="true" />, title: 'No Blocked Buyers', hint: 'Add an email, card, address or MAC by hand, or use "Block this buyer" on an order.' };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full min-w-0 min-[480px]:w-64">
          <FilterSelect id="blocklist-filter-kind" label="Kind" value={filters.values.kind} onChange={(kind) => filters.set({ kind })} options={KIND_OPTIONS} />
        </div>
        <AddBlocklistEntryDialog add={actions.add} />
      </div>
      <PagedList label="blocklist" paging={paging} query={entries} empty={empty}>
        {(items) => (
          <ul className="grid gap-3" aria-label="Blocklist">
            {items.map((entry) => (
              <EntryCard key={entry.id} entry={entry} onDelete={() => setDeleting(entry)} />
            ))}
          </ul>
        )}
      </PagedList>
      <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(null)} remove={actions.remove} />
    </div>
  );
}
