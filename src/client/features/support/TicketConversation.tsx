import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGE_MAX, TICKET_CATEGORY_LABELS, type TicketDetail, type TicketMessage } from '#contract/support';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { AttachmentsField } from './NewTicketForm';
import { attachmentUrl, useTicketActions } from './support-api';
import { STATUS_BADGES } from './ticket-view';

const AUTHOR: Record<TicketMessage['author'], string> = { customer: 'You', staff: 'Support', store: 'StreamPlus' };

/** An image of a message; fetched with the link's token when there is one (an <img> sends no header). */
export function AttachmentImage({ route, name, token }: { route: string; name: string; token: string | null }) {
  const [src, setSrc] = useState<string | null>(token ? null : route);
  useEffect(() => {
    if (!token) return;
    let url: string | null = null;
    attachmentUrl(route, token).then(
      (made) => setSrc((url = made)),
      () => setSrc(null),
    );
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [route, token]);
  if (!src) return <span className="text-xs text-muted-foreground">{name}</span>;
  return (
    <a href={src} target="_blank" rel="noreferrer" className="block">
      <img src={src} alt={name} className="max-h-40 max-w-full rounded-lg border border-border object-contain" loading="lazy" />
    </a>
  );
}

/** One message: its words are text, whatever they hold (decision 0102). */
export function MessageItem({ message, who, imageRoute, token }: { message: TicketMessage; who: string; imageRoute: (id: string) => string; token: string | null }) {
  return (
    <li className={`grid gap-2 rounded-xl p-3 ${message.internal ? 'border border-warning/40 bg-warning/10' : message.author === 'customer' ? 'bg-muted/40' : 'bg-primary/10'}`}>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{who}</span>
        {message.internal && <Badge variant="warning">Internal note</Badge>}
        <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
      </p>
      <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{message.body}</p>
      {message.attachments.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {message.attachments.map((file) => (
            <AttachmentImage key={file.id} route={imageRoute(file.id)} name={file.filename} token={token} />
          ))}
        </div>
      )}
    </li>
  );
}

function RateTicket({ onRate, pending }: { onRate: (score: number) => void; pending: boolean }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-semibold">How did we do?</p>
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((score) => (
          <Button key={score} type="button" variant="outline" size="sm" disabled={pending} onClick={() => onRate(score)} aria-label={`Rate ${score} of 5`}>
            {score}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** A ticket as its customer (or an emailed link's holder) sees it: the conversation, a reply, "this solved it" and a rating. */
export function TicketConversation({ ticket, token }: { ticket: TicketDetail; token: string | null }) {
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
    <section className="grid gap-4" aria-label={`Ticket #${ticket.number}`}>
      <header className="grid gap-1">
        <h3 className="text-lg font-bold [overflow-wrap:anywhere]">
          #{ticket.number} {ticket.subject}
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant={badge.tone}>{badge.label}</Badge>
          <span>{TICKET_CATEGORY_LABELS[ticket.category]}</span>
          {ticket.channel && <span>Channel: {ticket.channel}</span>}
        </p>
      </header>
      <ol className="grid gap-3" aria-label="Conversation">
        {ticket.messages.map((message) => (
          <MessageItem key={message.id} message={message} who={message.author === 'staff' ? `${message.staffName ?? 'Support'} (Support)` : AUTHOR[message.author]} imageRoute={apiRoutes.supportAttachment} token={token} />
        ))}
      </ol>
      {ticket.status === 'resolved' && ticket.rating === null && <RateTicket onRate={(score) => actions.rate.mutate(score)} pending={actions.rate.isPending} />}
      {ticket.rating !== null && <p className="text-sm text-muted-foreground">You rated our help {ticket.rating} of 5. Thank you.</p>}
      <form className="grid gap-3" onSubmit={submit} aria-label="Reply">
        <FormField id={`reply-${ticket.id}`} label={ticket.status === 'resolved' ? 'Reply to open this ticket again' : 'Your reply'}>
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
            {messageOr(failed.error, 'That did not work. Try again.')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={actions.reply.isPending || text.trim() === ''}>
            {actions.reply.isPending ? 'Sending...' : 'Send reply'}
          </Button>
          {ticket.status !== 'resolved' && (
            <Button type="button" variant="outline" disabled={actions.resolve.isPending} onClick={() => actions.resolve.mutate()}>
              This solved it
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
