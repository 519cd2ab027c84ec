import { Ban } from 'lucide-react';
import { useState } from 'react';
import { BLOCKLIST_REASON_MAX } from '#contract/admin-blocklist';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useBlockBuyer } from './blocklist-queries';

/**
 * "Block this buyer" on an order (decision 0099): its email, card and address where known,
 * with the reason the owner types; then what was blocked and what was not, said in place.
 */
export function BlockBuyerSection({ orderId }: { orderId: string }) {
  const [reason, setReason] = useState('');
  const block = useBlockBuyer();
  const inputId = `block-reason-${orderId}`;
  return (
    <details className="min-w-0 rounded-xl border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Block this buyer</summary>
      <form
        className="mt-3 grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() !== '') block.mutate({ orderId, reason });
        }}
      >
        <FormField id={inputId} label="Reason">
          <Input id={inputId} required maxLength={BLOCKLIST_REASON_MAX} autoComplete="off" value={reason} onChange={(event) => setReason(event.target.value)} placeholder="Chargeback on this order" />
        </FormField>
        <Button type="submit" size="sm" variant="destructive" className="w-fit" disabled={block.isPending}>
          <Ban aria-hidden="true" />
          {block.isPending ? 'Blocking...' : 'Block this buyer'}
        </Button>
        {block.data && (
          <div role="status" className="grid gap-1" data-testid="blocked-entries">
            <p>{block.data.message}</p>
            <ul className="grid gap-1">
              {block.data.added.map((entry) => (
                <li key={entry.id} className="break-all font-mono text-xs">
                  {entry.kind}: {entry.value}
                </li>
              ))}
            </ul>
          </div>
        )}
      </form>
    </details>
  );
}
