import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { t, useMessages } from '../../lib/i18n';
import { NewTicketForm, type DeviceChoice } from './NewTicketForm';
import { TicketConversation } from './TicketConversation';
import { useMyTickets, useTicket } from './support-api';
import { STATUS_BADGES } from './ticket-view';

function OpenTicket({ ticketId }: { ticketId: string }) {
  const ticket = useTicket(ticketId, null);
  if (ticket.isPending) return <Skeleton className="h-40" />;
  if (ticket.isError) return <p className="text-sm text-destructive" role="alert">{t('support.ticket.loadFailed')}</p>;
  return <TicketConversation ticket={ticket.data} token={null} />;
}

/** The account's "Help" section (decision 0102): the customer's tickets, one open, and a new one. */
export function HelpSection({ devices }: { devices: DeviceChoice[] }) {
  useMessages('support');
  const tickets = useMyTickets();
  const [openId, setOpenId] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);

  return (
    <Card data-testid="help-section" id="help">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight">
            <LifeBuoy className="size-5 text-accent" aria-hidden="true" />
            {t('support.help.title')}
          </h2>
          {!writing && (
            <Button size="sm" onClick={() => (setWriting(true), setOpenId(null))}>
              {t('support.help.new')}
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {writing && (
          <div className="grid gap-2">
            <NewTicketForm guest={false} devices={devices} onCreated={({ ticket }) => (setWriting(false), setOpenId(ticket.id))} />
            <div>
              <Button variant="ghost" size="sm" onClick={() => setWriting(false)}>
                {t('support.cancel')}
              </Button>
            </div>
          </div>
        )}
        {tickets.isPending ? (
          <Skeleton className="h-16" />
        ) : tickets.isError ? (
          <p className="text-sm text-destructive" role="alert">{t('support.help.loadFailed')}</p>
        ) : tickets.data.length === 0 ? (
          !writing && <p className="text-sm text-muted-foreground">{t('support.help.empty')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('support.help.list')}>
            {tickets.data.map((ticket) => (
              <li key={ticket.id}>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center justify-between gap-2 rounded-xl bg-muted/40 p-3 text-start hover:bg-muted"
                  aria-expanded={openId === ticket.id}
                  onClick={() => setOpenId(openId === ticket.id ? null : ticket.id)}
                >
                  <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                    #{ticket.number} {ticket.subject}
                  </span>
                  <Badge variant={STATUS_BADGES[ticket.status].tone}>{t(STATUS_BADGES[ticket.status].key)}</Badge>
                </button>
                {openId === ticket.id && (
                  <div className="mt-3">
                    <OpenTicket ticketId={ticket.id} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
