import { useState, type FormEvent } from 'react';
import { MESSAGE_MAX, type TicketDetail, type TicketMessage } from '#contract/support';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { formatMessage } from '../../lib/format-message';
import { useMessages } from '../../lib/i18n';
import { messageParts } from '../../lib/message-parts';
import { MessageItem } from './MessageItem';
import { AttachmentsField } from './NewTicketForm';
import { useTicketActions } from './support-api';
import { STATUS_BADGES } from './ticket-view';

/** Who wrote a message, as its customer reads it; the store's own messages are signed with its name. */
function authorOf(message: TicketMessage, t: (key: string) => string): string {
  if (message.author === 'staff') return message.staffName ? formatMessage('support.author.staffNamed', { name: message.staffName }) : t('support.author.staff');
  return message.author === 'customer' ? t('support.author.customer') : 'StreamPlus';
}

function RateTicket({ onRate, pending }: { onRate: (score: number) => void; pending: boolean }) {
  const t = useMessages('support');
  return (
    <div className="grid gap-2">
      <p className="text-sm font-semibold">{t('support.rate.title')}</p>
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((score) => (
          <Button key={score} type="button" variant="outline" size="sm" disabled={pending} onClick={() => onRate(score)} aria-label={formatMessage('support.rate.score', { score })}>
            {score}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** A ticket as its customer (or an emailed link's holder) sees it: the conversation, a reply, "this solved it" and a rating. */
export function TicketConversation({ ticket, token }: { ticket: TicketDetail; token: string | null }) {
  const t = useMessages('support');
  const actions = useTicketActions(ticket.id, token);
  const [files, setFiles] = useState<File[]>([]);
  const [text, setText] = useState('');
  const badge = STATUS_BADGES[ticket.status];
  const failed = [actions.reply, actions.resolve, actions.rate].find((action) => action.isError);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (actions.reply.isPending || text.trim() === '') return;
    actions.reply.mutate({ message: text, files }, { onSuccess: () => (setText(''), setFiles([])) });
  }

  return (
    <section className="grid gap-4" aria-label={formatMessage('support.ticket.label', { number: String(ticket.number) })}>
      <header className="grid gap-1">
        <h3 className="text-lg font-bold [overflow-wrap:anywhere]">
          #{ticket.number} {ticket.subject}
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant={badge.tone}>{t(badge.key)}</Badge>
          <span>{t(`support.category.${ticket.category}`)}</span>
          {ticket.channel && <span>{messageParts('support.ticket.channel', { channel: <bdi>{ticket.channel}</bdi> })}</span>}
        </p>
      </header>
      <ol className="grid gap-3" aria-label={t('support.conversation')}>
        {ticket.messages.map((message) => (
          <MessageItem key={message.id} message={message} who={authorOf(message, t)} imageRoute={apiRoutes.supportAttachment} token={token} />
        ))}
      </ol>
      {ticket.status === 'resolved' && ticket.rating === null && <RateTicket onRate={(score) => actions.rate.mutate(score)} pending={actions.rate.isPending} />}
      {ticket.rating !== null && <p className="text-sm text-muted-foreground">{formatMessage('support.rated', { rating: ticket.rating })}</p>}
      <form className="grid gap-3" onSubmit={submit} aria-label={t('support.reply.label')}>
        <FormField id={`reply-${ticket.id}`} label={t(ticket.status === 'resolved' ? 'support.reply.reopen' : 'support.reply.field')}>
          <textarea
            id={`reply-${ticket.id}`}
            className="min-h-24 w-full rounded-lg border border-input bg-background px-3 py-2 text-sm"
            maxLength={MESSAGE_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </FormField>
        <AttachmentsField id={`reply-files-${ticket.id}`} files={files} onChange={setFiles} />
        {failed && (
          <p className="text-sm text-destructive" role="alert">
            {messageOr(failed.error, t('support.reply.failed'))}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={actions.reply.isPending || text.trim() === ''}>
            {actions.reply.isPending ? t('support.sending') : t('support.reply.send')}
          </Button>
          {ticket.status !== 'resolved' && (
            <Button type="button" variant="outline" disabled={actions.resolve.isPending} onClick={() => actions.resolve.mutate()}>
              {t('support.solved')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
