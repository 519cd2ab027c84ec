import { useEffect, useState } from 'react';
import type { TicketMessage } from '#contract/support';
import { Badge } from '../../components/ui/badge';
import { pageLocale } from '../../lib/i18n';
import { attachmentUrl } from './support-api';

/** A message's moment as the page's language writes it: '12/4/2026, 11:15:59 AM' in English. */
const momentFormat = () => new Intl.DateTimeFormat(pageLocale(), { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** An image of a message; fetched with the link's token when there is one (an <img> sends no header). */
function AttachmentImage({ route, name, token }: { route: string; name: string; token: string | null }) {
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

/**
 * One message: its words are text, whatever they hold (decision 0102). Shared by the customer's
 * conversation and the admin's ticket panel; only the staff see an internal note, and the admin
 * stays English (decision 0106), so its badge is written here.
 */
export function MessageItem({ message, who, imageRoute, token }: { message: TicketMessage; who: string; imageRoute: (id: string) => string; token: string | null }) {
  return (
    <li className={`grid gap-2 rounded-xl p-3 ${message.internal ? 'border border-warning/40 bg-warning/10' : message.author === 'customer' ? 'bg-muted/40' : 'bg-primary/10'}`}>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{who}</span>
        {message.internal && <Badge variant="warning">Internal note</Badge>}
        <time dateTime={message.createdAt}>{momentFormat().format(new Date(message.createdAt))}</time>
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
