import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CreatedTicket } from '#contract/support';
import { BrandLogo } from '../../components/BrandLogo';
import { MAIN_ID } from '../../components/SkipLink';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useMessages } from '../../lib/i18n';
import { messageParts } from '../../lib/message-parts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NewTicketForm } from './NewTicketForm';
import { TicketConversation } from './TicketConversation';
import { useTicket, useTicketActions } from './support-api';

function SupportFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <div className="border-b border-border/60 bg-background/80">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4">
          <BrandLogo />
        </div>
      </div>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-10">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/**
 * /support, from the landing page's "Contact Us" and "Help Center": a guest writes with the
 * order's email and ID; a signed-in customer is sent to the account's Help section.
 */
export function ContactSupport() {
  const t = useMessages('support');
  useDocumentTitle(t('support.contact.title'));
  const [sent, setSent] = useState<CreatedTicket | null>(null);
  return (
    <SupportFrame title={t('support.contact.title')}>
      <Card>
        <CardHeader>
          <p className="text-sm text-muted-foreground">
            {messageParts('support.contact.haveAccount', {
              link: (
                <Link href="/account#help" className="text-accent underline">
                  {t('support.contact.signInLink')}
                </Link>
              ),
            })}
          </p>
        </CardHeader>
        <CardContent>
          {sent ? (
            <div className="grid gap-2" role="status">
              <p className="flex items-center gap-2 font-semibold">
                <CircleCheck className="size-5 text-success" aria-hidden="true" /> {t('support.contact.checkEmail')}
              </p>
              <p className="text-sm text-muted-foreground">{messageParts('support.contact.sent', { number: sent.ticket.number })}</p>
            </div>
          ) : (
            <NewTicketForm guest onCreated={setSent} />
          )}
        </CardContent>
      </Card>
    </SupportFrame>
  );
}

/** The one-click links of the emails: "this solved it" (solved=1) and a rating (rate=1..5), done once as the page opens. */
function useEmailedAction(ticketId: string, token: string | null, ready: boolean) {
  const actions = useTicketActions(ticketId, token);
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const params = new URLSearchParams(window.location.search);
    const score = Number(params.get('rate'));
    if (params.get('solved') === '1') actions.resolve.mutate();
    else if (score >= 1 && score <= 5) actions.rate.mutate(score);
  }, [ready, actions.resolve, actions.rate]);
}

/** /support/ticket/:id?token=..., the link of every ticket email: the guest's (or customer's) conversation. */
export function TicketByLink({ ticketId }: { ticketId: string }) {
  const t = useMessages('support');
  useDocumentTitle(t('support.ticket.title'));
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token'));
  const ticket = useTicket(ticketId, token);
  useEmailedAction(ticketId, token, ticket.isSuccess);
  return (
    <SupportFrame title={t('support.ticket.title')}>
      <Card>
        <CardContent className="pt-6">
          {ticket.isPending ? (
            <Skeleton className="h-48" />
          ) : ticket.isError ? (
            <div className="grid gap-3" role="alert">
              <p>{t('support.ticket.invalid')}</p>
              <div>
                <Button asChild variant="outline">
                  <Link href="/support">{t('support.ticket.write')}</Link>
                </Button>
              </div>
            </div>
          ) : (
            <TicketConversation ticket={ticket.data} token={token} />
          )}
        </CardContent>
      </Card>
    </SupportFrame>
  );
}
