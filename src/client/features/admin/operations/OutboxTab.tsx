import { Mail } from 'lucide-react';
import { adminDateTime } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { PagedList } from '../shared/PagedList';
import { useOutbox } from './operations-queries';
import { useListPage } from '../shared/use-list-page';

/** The emails the store kept instead of sending (no SMTP server configured), newest first, each opening to its text. */
export function OutboxTab() {
  const timeZone = useStoreTimeZone();
  const paging = useListPage();
  const mails = useOutbox(paging.page);
  return (
    <PagedList
      label="outbox"
      paging={paging}
      query={mails}
      empty={{ icon: <Mail aria-hidden="true" />, title: 'Outbox Empty', hint: 'With no SMTP server configured, the emails the store would send are kept here to read.' }}
    >
      {(items) => (
        <ul className="grid gap-2" aria-label="Outbox">
          {items.map((mail) => (
            <li key={mail.id} className="min-w-0 rounded-xl border border-border bg-card text-sm" data-testid="outbox-mail">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-4 py-3">
                  <span className="min-w-0 break-words font-semibold">{mail.subject}</span>
                  <span className="flex min-w-0 flex-wrap gap-x-3 text-xs text-muted-foreground">
                    <span className="break-all">to {mail.to}</span>
                    <time dateTime={mail.createdAt}>{adminDateTime(mail.createdAt, timeZone)}</time>
                  </span>
                </summary>
                <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words border-t border-border px-4 py-3 font-sans text-xs text-muted-foreground">{mail.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
