import { Mail } from 'lucide-react';
import { adminDateTime } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { FilterInput } from '../shared/FilterFields';
import { PagedList } from '../shared/PagedList';
import { useOutbox } from './operations-queries';
import { useListPage } from '../shared/use-list-page';
import { useSettledText, useUrlFilters } from '../shared/use-url-filters';

const FILTERS = ['recipient'] as const;

/**
 * The emails the store kept instead of sending (no SMTP server configured), newest first, each
 * opening to its text; searched by any part of the recipient's address, kept in the address.
 */
export function OutboxTab() {
  const timeZone = useStoreTimeZone();
  const paging = useListPage();
  const filters = useUrlFilters(FILTERS);
  const [recipient, setRecipient] = useSettledText(filters.values.recipient, (value) => {
    filters.set({ recipient: value });
  });
  const mails = useOutbox(paging.page, filters.values);
  const searched = filters.values.recipient;
  const empty = searched
    ? { icon: <Mail aria-hidden="true" />, title: 'No Matching Emails', hint: `No kept email went to an address containing "${searched}".` }
    : { icon: <Mail aria-hidden="true" />, title: 'Outbox Empty', hint: 'With no SMTP server configured, the emails the store would send are kept here to read.' };
  return (
    <div className="grid min-w-0 gap-4">
      <div className="w-full sm:max-w-sm" role="search">
        <FilterInput id="outbox-recipient" type="search" label="Recipient" value={recipient} onChange={setRecipient} placeholder="Part of an email address" />
      </div>
      <PagedList label="outbox" paging={paging} query={mails} empty={empty}>
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
    </div>
  );
}
