import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import type { AdminOrderDetail } from '#contract/admin-orders';
import { disputeSubmitResponseSchema, type AdminDispute } from '#contract/disputes';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';
import { adminDateTime, formatAmountIn } from '../shared/admin-view';
import { DetailField } from '../shared/DetailField';
import { useStoreTimeZone } from '../shared/store-time-zone';

const NOTE_MAX = 2000;
const OPEN = (status: string) => !['won', 'lost', 'warning_closed'].includes(status);

function useSubmitEvidence(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => api(adminApiRoutes.submitDisputeEvidence(orderId), { method: 'POST', body: note.trim() ? { note } : {}, schema: disputeSubmitResponseSchema }),
    onSuccess: (result) => toast({ title: 'Evidence Submitted', description: result.message }),
    onError: (error) => toast({ title: 'Evidence Not Submitted', description: messageOr(error, 'The evidence could not be submitted. Please try again.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
  });
}

function Evidence({ evidence }: { evidence: NonNullable<AdminDispute['evidence']> }) {
  const timeZone = useStoreTimeZone();
  return (
    <div className="grid min-w-0 gap-2 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <DetailField label="Checkout">{adminDateTime(evidence.checkoutAt, timeZone)}</DetailField>
        <DetailField label="IP address">
          <span className="break-all font-mono text-xs">{evidence.ipAddress ?? 'Not recorded'}</span>
        </DetailField>
        <DetailField label="User agent">
          <span className="break-all text-xs">{evidence.userAgent ?? 'Not recorded'}</span>
        </DetailField>
        <DetailField label="Credentials emailed">{evidence.credentialsEmailSentAt ? adminDateTime(evidence.credentialsEmailSentAt, timeZone) : 'Not sent'}</DetailField>
        <DetailField label="Policies accepted">{evidence.policiesAccepted.map((policy) => `${policy.name} v${policy.version}`).join(', ') || 'None'}</DetailField>
        <DetailField label="Customer">
          {evidence.accountHistory.orders} {evidence.accountHistory.orders === 1 ? 'order' : 'orders'}, {evidence.accountHistory.paidOrders} paid
          {evidence.accountHistory.hasAccount && evidence.accountHistory.accountCreatedAt ? `, account since ${adminDateTime(evidence.accountHistory.accountCreatedAt, timeZone)}` : ', no account'}
        </DetailField>
      </dl>
      <div>
        <p className="font-medium">Line usage</p>
        {evidence.lineUsage.length === 0 ? (
          <p className="text-muted-foreground">No lines.</p>
        ) : (
          <ul className="grid gap-1" aria-label="Line usage">
            {evidence.lineUsage.map((line) => (
              <li key={line.deviceNumber} className="break-words">
                Device {line.deviceNumber}:{' '}
                {line.available
                  ? `${line.activeConnections ?? 0} connections, last seen ${line.lastSeenAt ? adminDateTime(line.lastSeenAt, timeZone) : 'never'}${line.addresses.length ? `, from ${line.addresses.join(', ')}` : ''}`
                  : 'the panel did not answer'}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        {/* Visa's Compelling Evidence 3.0 needs two or more (decision 0100). */}
        <p className="font-medium">Earlier undisputed payments by this card: {evidence.priorPayments.length}</p>
        {evidence.priorPayments.length > 0 && (
          <ul className="grid gap-1" aria-label="Earlier payments">
            {evidence.priorPayments.map((payment) => (
              <li key={payment.orderId} className="break-all">
                {payment.orderId}, {formatAmountIn(payment.amount, payment.currency)}, {adminDateTime(payment.paidAt, timeZone)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * The order's card dispute (decision 0100): the bank's reason, amount and due date, the
 * evidence the store assembled when it opened, a note, and "Submit evidence" (the owner's).
 */
export function DisputeDetails({ detail, canSubmit }: { detail: Pick<AdminOrderDetail, 'order' | 'dispute'>; canSubmit: boolean }) {
  const timeZone = useStoreTimeZone();
  const [note, setNote] = useState('');
  const submit = useSubmitEvidence(detail.order.id);
  const { dispute } = detail;
  if (!dispute) return null;
  const noteId = `dispute-note-${detail.order.id}`;
  const open = OPEN(dispute.status) && !dispute.submittedAt;
  return (
    <div className="grid min-w-0 gap-3">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <DetailField label="Status">{dispute.status.replaceAll('_', ' ')}</DetailField>
        <DetailField label="Reason">{dispute.reason.replaceAll('_', ' ')}</DetailField>
        <DetailField label="Amount">
          {formatAmountIn(dispute.amount, dispute.currency)}
        </DetailField>
        <DetailField label="Due by">{dispute.dueBy ? adminDateTime(dispute.dueBy, timeZone) : 'No response taken'}</DetailField>
        <DetailField label="Submitted">{dispute.submittedAt ? adminDateTime(dispute.submittedAt, timeZone) : 'Not yet'}</DetailField>
        {dispute.note && <DetailField label="Note">{dispute.note}</DetailField>}
      </dl>
      {dispute.evidence ? <Evidence evidence={dispute.evidence} /> : <p className="text-sm text-muted-foreground">No evidence assembled: the store first heard of this dispute closed.</p>}
      {open && canSubmit && (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit.mutate(note);
          }}
        >
          <Label htmlFor={noteId}>Note (optional)</Label>
          <textarea
            id={noteId}
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder="What the bank should know"
            className="w-full rounded-lg border border-input bg-background/60 px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <Button type="submit" size="sm" className="w-fit" disabled={submit.isPending}>
            <Send aria-hidden="true" />
            {submit.isPending ? 'Submitting...' : 'Submit evidence'}
          </Button>
        </form>
      )}
    </div>
  );
}
