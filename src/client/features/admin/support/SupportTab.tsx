import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { cannedReplySchema, ratingFiguresSchema, supportSettingsSchema, TICKET_CATEGORIES, TICKET_CATEGORY_LABELS, TICKET_STATUSES } from '#contract/support';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';
import { elapsed, pastTarget, STAFF_STATUS_LABELS } from '../../support';
import { EmptyState } from '../shared/EmptyState';
import { useStaffRole } from '../shared/use-admin-queries';
import { useSettledText, useUrlFilters } from '../shared/use-url-filters';
import { useCannedReplies, useSupportOverview, useTicketInbox } from './support-queries';
import { TicketPanel } from './TicketPanel';

const FIELD = 'h-9 w-full rounded-lg border border-input bg-background px-2 text-sm';
const FILTERS = ['status', 'category', 'assigned', 'q', 'ticket'] as const;

/** The clock re-reads the time each minute, so a ticket turns red while the page is open. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ChannelCounts() {
  const overview = useSupportOverview();
  const channels = overview.data?.channels ?? [];
  if (channels.length === 0) return null;
  return (
    <section className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm" aria-label="Channels reported in the last 24 hours">
      <p className="font-semibold">Channels or picture, last 24 hours</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {channels.map((row) => (
          <li key={row.channel}>
            <Badge variant="warning">
              {row.channel}: {row.tickets}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One of the inbox's filters: its value is the address's (decision 0035). */
function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (value: string) => void; options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} className={FIELD} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The owner's tools: canned replies, the response target, and the ratings per agent and category. */
function OwnerTools() {
  const client = useQueryClient();
  const canned = useCannedReplies();
  const settings = useQuery({ queryKey: adminKeys.supportSettings, queryFn: () => api(adminApiRoutes.supportSettings, { schema: supportSettingsSchema }) });
  const ratings = useQuery({ queryKey: adminKeys.ticketRatings, queryFn: () => api(adminApiRoutes.ticketRatings, { schema: ratingFiguresSchema }) });
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [hours, setHours] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.tickets });
  const fail = (what: string) => (error: unknown) => toast({ title: what, description: messageOr(error, 'Please try again.'), variant: 'destructive' });
  const add = useMutation({
    mutationFn: () => api(adminApiRoutes.cannedReplies, { method: 'POST', body: { title, body }, schema: cannedReplySchema }),
    onSuccess: () => (setTitle(''), setBody(''), toast({ title: 'Canned Reply Added', description: 'Agents can insert it now.' })),
    onError: fail('Not Added'),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.cannedReplies }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(adminApiRoutes.cannedReply(id), { method: 'DELETE', schema: cannedReplySchema }),
    onError: fail('Not Removed'),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.cannedReplies }),
  });
  const target = useMutation({
    mutationFn: (minutes: number) => api(adminApiRoutes.supportSettings, { method: 'PUT', body: { responseTargetMinutes: minutes }, schema: supportSettingsSchema }),
    onSuccess: () => (toast({ title: 'Target Saved', description: 'The inbox clock uses it now.' }), void refresh()),
    onError: fail('Not Saved'),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.supportSettings }),
  });
  const submitCanned = (event: FormEvent) => (event.preventDefault(), title.trim() && body.trim() && !add.isPending && add.mutate());
  const submitTarget = (event: FormEvent) => (event.preventDefault(), Number(hours) > 0 && target.mutate(Math.round(Number(hours) * 60)));

  return (
    <details className="rounded-xl border border-border p-3 text-sm">
      <summary className="cursor-pointer font-semibold">Owner settings: canned replies, response target, ratings</summary>
      <div className="mt-3 grid gap-4 md:grid-cols-3">
        <form className="grid content-start gap-2" onSubmit={submitCanned} aria-label="Canned replies">
          <p className="font-semibold">Canned replies</p>
          <ul className="grid gap-1">
            {canned.data?.map((reply) => (
              <li key={reply.id} className="flex items-center justify-between gap-2">
                <span className="min-w-0 [overflow-wrap:anywhere]">{reply.title}</span>
                <Button type="button" size="sm" variant="ghost" onClick={() => remove.mutate(reply.id)} aria-label={`Remove ${reply.title}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <label htmlFor="canned-title">Title</label>
          <Input id="canned-title" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={80} />
          <label htmlFor="canned-body">Text</label>
          <textarea id="canned-body" className="min-h-20 rounded-lg border border-input bg-background px-2 py-1" value={body} onChange={(event) => setBody(event.target.value)} />
          <div>
            <Button type="submit" size="sm" disabled={add.isPending}>
              Add canned reply
            </Button>
          </div>
        </form>
        <form className="grid content-start gap-2" onSubmit={submitTarget} aria-label="Response target">
          <label htmlFor="support-target" className="font-semibold">
            Response target (hours)
          </label>
          <Input id="support-target" type="number" min="0.1" step="0.5" placeholder={settings.data ? String(settings.data.responseTargetMinutes / 60) : ''} value={hours} onChange={(event) => setHours(event.target.value)} />
          <div>
            <Button type="submit" size="sm" disabled={target.isPending}>
              Save target
            </Button>
          </div>
        </form>
        <div className="grid content-start gap-1">
          <p className="font-semibold">Ratings</p>
          {ratings.data && ratings.data.byAgent.length === 0 && <p className="text-muted-foreground">No ratings yet.</p>}
          {ratings.data?.byAgent.map((row) => (
            <p key={row.agent}>
              {row.agent}: {row.average} of 5 ({row.ratings})
            </p>
          ))}
          {ratings.data?.byCategory.map((row) => (
            <p key={row.category} className="text-muted-foreground">
              {TICKET_CATEGORY_LABELS[row.category]}: {row.average} of 5 ({row.ratings})
            </p>
          ))}
        </div>
      </div>
    </details>
  );
}

/** The support inbox at /admin?tab=support (decision 0102): filters and search in the address, the clock, a ticket beside its lines. */
export function SupportTab() {
  const role = useStaffRole();
  const { values, set } = useUrlFilters(FILTERS);
  const { ticket: openId, ...filters } = values;
  const inbox = useTicketInbox(filters);
  const now = useMinuteClock();
  const [search, setSearch] = useSettledText(values.q, (q) => set({ q }));
  const target = inbox.data?.responseTargetMinutes ?? 240;

  return (
    <div className="grid gap-4" data-testid="support-inbox">
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <FilterSelect id="support-status" label="Status" value={values.status} onChange={(status) => set({ status })} options={[['', 'All'], ...TICKET_STATUSES.map((status) => [status, STAFF_STATUS_LABELS[status]] as const)]} />
        <FilterSelect id="support-category" label="Category" value={values.category} onChange={(category) => set({ category })} options={[['', 'All'], ...TICKET_CATEGORIES.map((category) => [category, TICKET_CATEGORY_LABELS[category]] as const)]} />
        <FilterSelect id="support-assigned" label="Assigned" value={values.assigned} onChange={(assigned) => set({ assigned })} options={[['', 'Anyone'], ['me', 'Assigned to me'], ['none', 'Unassigned']]} />
        <div className="grid gap-1">
          <label htmlFor="support-search" className="text-sm font-semibold">Search</label>
          <Input id="support-search" type="search" placeholder="Number, email or text" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
      </div>
      <ChannelCounts />
      {role === 'owner' && <OwnerTools />}
      {inbox.isPending ? (
        <Skeleton className="h-40" />
      ) : inbox.isError ? (
        <p className="text-sm text-destructive" role="alert">The tickets could not be loaded.</p>
      ) : inbox.data.tickets.length === 0 ? (
        <EmptyState icon={<Inbox aria-hidden="true" />} title="No Tickets">
          Nothing matches these filters. New requests from customers and guests appear here.
        </EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Tickets">
          {inbox.data.tickets.map((ticket) => {
            const late = ticket.status === 'open' && pastTarget(ticket.lastCustomerMessageAt, target, now);
            return (
              <li key={ticket.id}>
                <button
                  type="button"
                  className={`grid w-full gap-1 rounded-xl border p-3 text-left hover:bg-muted ${openId === ticket.id ? 'border-primary' : 'border-border'}`}
                  aria-expanded={openId === ticket.id}
                  onClick={() => set({ ticket: openId === ticket.id ? '' : ticket.id })}
                  data-testid="ticket-row"
                >
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                      #{ticket.number} {ticket.subject}
                    </span>
                    <span className={`tabular text-sm font-semibold ${late ? 'text-red-300' : 'text-muted-foreground'}`} data-late={late}>
                      {elapsed(ticket.lastCustomerMessageAt, now)}
                      {late ? ' (past target)' : ''}
                    </span>
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge variant={ticket.status === 'open' ? 'warning' : 'secondary'}>{STAFF_STATUS_LABELS[ticket.status]}</Badge>
                    <span className="[overflow-wrap:anywhere]">{ticket.email}</span>
                    <span>{TICKET_CATEGORY_LABELS[ticket.category]}</span>
                    <span>{ticket.assigneeName ?? 'Unassigned'}</span>
                  </span>
                </button>
                {openId === ticket.id && (
                  <div className="mt-2">
                    <TicketPanel ticketId={ticket.id} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
