import { useState, type FormEvent } from 'react';
import { GOODWILL_MAX_DAYS, MESSAGE_MAX, TICKET_CATEGORY_LABELS, TICKET_STATUSES, type AdminTicketDetail, type TicketStatus } from '#contract/support';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { MessageItem, STAFF_STATUS_LABELS } from '../../support';
import { formatAmountIn } from '../shared/admin-view';
import { useAdminSession } from '../shared/use-admin-queries';
import { useCannedReplies, useStaffTicket, useTicketStaffActions } from './support-queries';

const FIELD = 'h-9 rounded-lg border border-input bg-background px-2 text-sm';
const DEVICE_ACTIONS = [
  ['isp-reset', 'ISP reset'],
  ['password', 'New password'],
  ['disable', 'Turn off'],
  ['enable', 'Turn on'],
] as const;

/** The line state beside the conversation (decision 0102): each device live, the payments, and the actions from here. */
function ContextPanel({ ticket }: { ticket: AdminTicketDetail }) {
  const actions = useTicketStaffActions(ticket.id);
  const [days, setDays] = useState('1');
  const { devices, lastPayment, openOrders } = ticket.context;
  const subscriptions = [...new Map(devices.map((device) => [device.subscriptionId, device])).values()];
  return (
    <aside className="grid min-w-0 content-start gap-3 rounded-xl border border-border p-3 text-sm" aria-label="Customer's lines">
      <h4 className="font-bold">Lines</h4>
      {devices.length === 0 && <p className="text-muted-foreground">No devices on this customer&apos;s account.</p>}
      <ul className="grid gap-2">
        {devices.map((device) => (
          <li key={device.id} className="grid gap-1 rounded-lg bg-muted/40 p-2" data-testid="ticket-device">
            <p className="flex flex-wrap items-center gap-2 font-semibold [overflow-wrap:anywhere]">
              {device.name}
              <Badge variant={device.online ? 'success' : 'secondary'}>{device.online === null ? 'Panel unavailable' : device.online ? 'Online' : 'Offline'}</Badge>
              {!device.enabled && <Badge variant="destructive">Off</Badge>}
            </p>
            <p className="text-xs text-muted-foreground">
              {device.packageName} · connections {device.activeConnections ?? '?'} of {device.maxConnections} · last seen {device.lastSeenAt ? new Date(device.lastSeenAt).toLocaleString() : 'unknown'}
            </p>
            <p className="text-xs text-muted-foreground">
              Expires {new Date(device.expiresAt).toLocaleDateString()} · auto-renew {device.autoRenew ? 'on' : 'off'} · {device.savedCard ?? 'no saved card'}
            </p>
            <div className="flex flex-wrap gap-1">
              {DEVICE_ACTIONS.map(([action, label]) => (
                <Button key={action} size="sm" variant="outline" disabled={actions.device.isPending} onClick={() => actions.device.mutate({ deviceId: device.id, action })} aria-label={`${label}: ${device.name}`}>
                  {label}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      {subscriptions.length > 0 && (
        <div className="grid gap-2">
          <label htmlFor={`goodwill-${ticket.id}`} className="font-semibold">
            Goodwill days
          </label>
          <div className="flex flex-wrap gap-2">
            <select id={`goodwill-${ticket.id}`} className={FIELD} value={days} onChange={(event) => setDays(event.target.value)}>
              {Array.from({ length: GOODWILL_MAX_DAYS }, (_, i) => String(i + 1)).map((value) => (
                <option key={value} value={value}>
                  {value} {value === '1' ? 'day' : 'days'}
                </option>
              ))}
            </select>
            {subscriptions.map((device) => (
              <Button key={device.subscriptionId} size="sm" disabled={actions.goodwill.isPending} onClick={() => actions.goodwill.mutate({ subscriptionId: device.subscriptionId, days: Number(days) })}>
                Extend {device.packageName}
              </Button>
            ))}
          </div>
        </div>
      )}
      <h4 className="font-bold">Payments</h4>
      <p className="text-muted-foreground [overflow-wrap:anywhere]">
        {lastPayment ? `Last: ${lastPayment.orderId}, ${lastPayment.status}, ${formatAmountIn(lastPayment.amount, lastPayment.currency)}` : 'No payment yet.'}
      </p>
      {openOrders.length > 0 && <p className="text-muted-foreground [overflow-wrap:anywhere]">Open orders: {openOrders.map((order) => `${order.orderId} (${order.status})`).join(', ')}</p>}
    </aside>
  );
}

function ReplyForm({ ticketId }: { ticketId: string }) {
  const actions = useTicketStaffActions(ticketId);
  const canned = useCannedReplies();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (actions.reply.isPending || text.trim() === '') return;
    actions.reply.mutate({ message: text, internal }, { onSuccess: () => setText('') });
  }
  return (
    <form className="grid gap-2" onSubmit={submit} aria-label="Reply to the customer">
      {(canned.data?.length ?? 0) > 0 && (
        <div className="grid gap-1">
          <label htmlFor={`canned-${ticketId}`} className="text-sm font-semibold">
            Insert a canned reply
          </label>
          <select
            id={`canned-${ticketId}`}
            className={FIELD}
            value=""
            onChange={(event) => setText((current) => `${current}${current ? '\n\n' : ''}${canned.data?.find((reply) => reply.id === event.target.value)?.body ?? ''}`)}
          >
            <option value="">Choose...</option>
            {canned.data?.map((reply) => (
              <option key={reply.id} value={reply.id}>
                {reply.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <label htmlFor={`staff-reply-${ticketId}`} className="text-sm font-semibold">
        {internal ? 'Internal note' : 'Reply'}
      </label>
      <textarea id={`staff-reply-${ticketId}`} className="min-h-28 rounded-lg border border-input bg-background px-3 py-2 text-sm" maxLength={MESSAGE_MAX} value={text} onChange={(event) => setText(event.target.value)} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={internal} onChange={(event) => setInternal(event.target.checked)} />
        Internal note (the customer never sees it)
      </label>
      <div>
        <Button type="submit" disabled={actions.reply.isPending || text.trim() === ''}>
          {actions.reply.isPending ? 'Sending...' : internal ? 'Add note' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

/** One ticket for the staff: the conversation with internal notes, status and assignee, the reply and the line state. */
export function TicketPanel({ ticketId }: { ticketId: string }) {
  const ticket = useStaffTicket(ticketId);
  const actions = useTicketStaffActions(ticketId);
  const me = useAdminSession().data?.admin;
  if (ticket.isPending) return <Skeleton className="h-64" />;
  if (ticket.isError) return <p className="text-sm text-destructive" role="alert">This ticket could not be loaded.</p>;
  const data = ticket.data;
  return (
    <section className="grid gap-4 rounded-2xl border border-border bg-card p-4" aria-label={`Ticket #${data.number}`} data-testid="ticket-panel">
      <header className="grid gap-2">
        <h3 className="text-lg font-bold [overflow-wrap:anywhere]">
          #{data.number} {data.subject}
        </h3>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {data.email} · {TICKET_CATEGORY_LABELS[data.category]}
          {data.channel ? ` · ${data.channel}` : ''} · {data.assigneeName ? `assigned to ${data.assigneeName}` : 'unassigned'}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`status-${data.id}`} className="text-sm font-semibold">
            Status
          </label>
          <select id={`status-${data.id}`} className={FIELD} value={data.status} disabled={actions.patch.isPending} onChange={(event) => actions.patch.mutate({ status: event.target.value as TicketStatus })}>
            {TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STAFF_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
          {me && data.assigneeId !== me.id && (
            <Button size="sm" variant="outline" disabled={actions.patch.isPending} onClick={() => actions.patch.mutate({ assigneeId: me.id })}>
              Assign to me
            </Button>
          )}
          {data.assigneeId && (
            <Button size="sm" variant="ghost" disabled={actions.patch.isPending} onClick={() => actions.patch.mutate({ assigneeId: null })}>
              Unassign
            </Button>
          )}
        </div>
      </header>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <div className="grid min-w-0 content-start gap-4">
          <ol className="grid gap-3" aria-label="Conversation">
            {data.messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                who={message.author === 'staff' ? (message.staffName ?? 'Staff') : message.author === 'customer' ? 'Customer' : 'Store'}
                imageRoute={adminApiRoutes.ticketAttachment}
                token={null}
              />
            ))}
          </ol>
          <ReplyForm ticketId={data.id} />
        </div>
        <ContextPanel ticket={data} />
      </div>
    </section>
  );
}
