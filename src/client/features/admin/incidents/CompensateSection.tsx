import { useState } from 'react';
import type { AdminIncident } from '#contract/admin-incidents';
import { COMPENSATION_DAYS } from '#domain/store-status';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { fieldErrorId } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { messageOr } from '../../../lib/api';
import { adminDateTime, count } from '../shared/admin-view';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { affectsText, compensateLabel, parseCompensationDays } from './incident-view';
import type { IncidentActions } from './incident-queries';

function CompensationDone({ compensation }: { compensation: NonNullable<AdminIncident['compensation']> }) {
  const timeZone = useStoreTimeZone();
  return (
    <div className="grid gap-1 rounded-xl border border-success/30 bg-success/10 p-4 text-sm" data-testid="incident-compensation">
      <p className="font-semibold">
        Compensated: {compensation.days} {compensation.days === 1 ? 'day' : 'days'} added to {count(compensation.subscriptions)}{' '}
        {compensation.subscriptions === 1 ? 'subscription' : 'subscriptions'} of {count(compensation.customers)} {compensation.customers === 1 ? 'customer' : 'customers'}.
      </p>
      <p className="text-muted-foreground">
        By {compensation.by} on {adminDateTime(compensation.at, timeZone)}.{' '}
        {compensation.panelPending === 0
          ? 'The panel runs every line to its new expiry.'
          : `${count(compensation.panelPending)} still wait for the panel; the store tries again every few minutes.`}
      </p>
    </div>
  );
}

/**
 * 'Compensate N days' (decision 0094): the days (the incident's started days, by default), then
 * a confirmation that says what happens, since it cannot be undone and is done once per incident.
 * `confirming` is held by the detail, which opens it at once when ending the incident offers it.
 */
export function CompensateSection({
  incident,
  compensate,
  confirming,
  setConfirming,
}: {
  incident: AdminIncident;
  compensate: IncidentActions['compensate'];
  confirming: boolean;
  setConfirming: (open: boolean) => void;
}) {
  const [typed, setTyped] = useState(String(incident.suggestedDays));
  const parsed = parseCompensationDays(typed);
  const days = 'days' in parsed ? parsed.days : null;
  const error = 'error' in parsed ? parsed.error : undefined;
  if (incident.compensation) return <CompensationDone compensation={incident.compensation} />;

  return (
    <section className="grid gap-3 rounded-xl border border-border p-4" aria-labelledby="compensate-heading">
      <h3 id="compensate-heading" className="font-semibold">
        Compensate the affected customers
      </h3>
      <p className="text-sm text-muted-foreground">
        Adds days to every running subscription this incident affects ({affectsText(incident)}), on the store and on the panel, and emails each customer the new expiry. Once per incident.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor="compensation-days">Days</Label>
          <Input
            id="compensation-days"
            className="w-28"
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fieldErrorId('compensation-days') : undefined}
          />
        </div>
        <Button type="button" disabled={days === null || compensate.isPending} onClick={() => setConfirming(true)}>
          {compensateLabel(days)}
        </Button>
      </div>
      {error && (
        <p id={fieldErrorId('compensation-days')} className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Dialog
        open={confirming && days !== null}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) compensate.reset();
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{compensateLabel(days)}?</DialogTitle>
            <DialogDescription>
              Every running subscription of {affectsText(incident)} that started before the incident ended gets {days} more {days === 1 ? 'day' : 'days'}, and each of
              their customers one email. The trial is left out. This cannot be undone, and the incident cannot be compensated again ({COMPENSATION_DAYS.min} to{' '}
              {COMPENSATION_DAYS.max} days).
            </DialogDescription>
          </DialogHeader>
          {compensate.isError && (
            <p role="alert" className="text-sm text-destructive">
              {messageOr(compensate.error, 'The compensation could not be made. Please try again.')}
            </p>
          )}
          <FormDialogFooter
            pending={compensate.isPending}
            label={compensateLabel(days)}
            pendingLabel="Compensating..."
            onConfirm={() => days !== null && compensate.mutate({ incidentId: incident.id, days }, { onSuccess: () => setConfirming(false) })}
          />
        </DialogContent>
      </Dialog>
    </section>
  );
}
