import { Ban } from 'lucide-react';
import { useState } from 'react';
import { BLOCKLIST_KIND_LABELS, BLOCKLIST_REASON_MAX, blocklistValueProblem } from '#contract/admin-blocklist';
import { BLOCKLIST_KINDS, type BlocklistKind } from '#domain/blocklist';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { OptionSelect } from '../../../components/ui/select';
import { messageOr } from '../../../lib/api';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import type { useBlocklistActions } from './blocklist-queries';

const KIND_OPTIONS = BLOCKLIST_KINDS.map((kind) => ({ value: kind, label: BLOCKLIST_KIND_LABELS[kind] }));
const PLACEHOLDERS: Record<BlocklistKind, string> = {
  email: 'buyer@example.com',
  card: 'The fingerprint on the payment',
  ip: '203.0.113.7 or 203.0.113.0/24',
  mac: '00:1A:79:12:34:56',
};

interface Draft {
  kind: BlocklistKind;
  value: string;
  reason: string;
  /** A datetime-local value in the browser's zone, or ''. */
  expiresAt: string;
}

const EMPTY: Draft = { kind: 'email', value: '', reason: '', expiresAt: '' };

/**
 * 'Add Entry': a kind, its value checked as the server checks it (a bad network is told
 * under the field before anything is sent), a reason and an optional expiry. What was typed
 * stays when the server refuses it (a value already listed).
 */
export function AddBlocklistEntryDialog({ add }: { add: ReturnType<typeof useBlocklistActions>['add'] }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [checked, setChecked] = useState(false);
  const valueProblem = draft.value.trim() === '' ? 'Value is required' : blocklistValueProblem(draft.kind, draft.value);
  const reasonProblem = draft.reason.trim() === '' ? 'Reason is required' : null;
  const shown = (problem: string | null) => (checked && problem ? problem : undefined);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) add.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Ban aria-hidden="true" />
          Add Entry
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add to the Blocklist</DialogTitle>
          <DialogDescription>Checkout, sign-up and device changes refuse a match with a neutral message; the refusal is logged in the audit log.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setChecked(true);
            if (valueProblem || reasonProblem) {
              document.getElementById(valueProblem ? 'blocklist-value' : 'blocklist-reason')?.focus();
              return;
            }
            const expiresAt = draft.expiresAt ? new Date(draft.expiresAt).toISOString() : null;
            add.mutate(
              { kind: draft.kind, value: draft.value, reason: draft.reason, expiresAt },
              {
                onSuccess: () => {
                  setOpen(false);
                  setDraft(EMPTY);
                  setChecked(false);
                },
              },
            );
          }}
        >
          <FormField id="blocklist-kind" label="Kind">
            <OptionSelect id="blocklist-kind" value={draft.kind} onValueChange={(kind) => setDraft({ ...draft, kind: kind as BlocklistKind })} options={KIND_OPTIONS} />
          </FormField>
          <FormField id="blocklist-value" label="Value" error={shown(valueProblem)}>
            <Input
              {...invalidProps('blocklist-value', shown(valueProblem))}
              autoComplete="off"
              value={draft.value}
              onChange={(event) => setDraft({ ...draft, value: event.target.value })}
              placeholder={PLACEHOLDERS[draft.kind]}
            />
          </FormField>
          <FormField id="blocklist-reason" label="Reason" error={shown(reasonProblem)}>
            <Input
              {...invalidProps('blocklist-reason', shown(reasonProblem))}
              maxLength={BLOCKLIST_REASON_MAX}
              autoComplete="off"
              value={draft.reason}
              onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
              placeholder="Chargeback on SP-..."
            />
          </FormField>
          <FormField id="blocklist-expires" label="Expires (optional, your time)">
            <Input id="blocklist-expires" type="datetime-local" value={draft.expiresAt} onChange={(event) => setDraft({ ...draft, expiresAt: event.target.value })} />
          </FormField>
          {add.isError && (
            <p role="alert" className="text-sm text-destructive">
              {messageOr(add.error, 'The entry could not be added. Please try again.')}
            </p>
          )}
          <FormDialogFooter pending={add.isPending} label="Add Entry" pendingLabel="Adding..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
