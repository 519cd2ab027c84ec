import type { UseQueryResult } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import type { OwedGiftCard } from '#contract/admin-orders';
import type { Revalidated } from '../shared/revalidating-get';
import { dollars, timeAgo } from '../shared/admin-view';
import { DetailField } from '../shared/DetailField';
import { PagedList } from '../shared/PagedList';
import { MarkDeliveredButton } from './MarkDeliveredButton';
import type { ListPaging } from '../shared/use-list-page';

/** The /admin gift-card queue: paid orders still owed their cashback card, the longest waiting first. */
export function GiftCardsTab({ owed, paging }: { owed: UseQueryResult<Revalidated<OwedGiftCard[]>>; paging: ListPaging }) {
  return (
    <PagedList
      label="gift cards to send"
      paging={paging}
      query={owed}
      empty={{ icon: <Gift aria-hidden="true" />, title: 'No Gift Cards Owed', hint: 'Every paid order with cashback has its gift card.' }}
    >
      {(items) => (
        <ul className="grid gap-3" aria-label="Gift cards to send">
          {items.map((card) => {
            return (
              <li key={card.orderId} className="min-w-0 rounded-2xl border border-border bg-card p-4" data-testid="owed-gift-card">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="flex min-w-0 items-center gap-2 font-semibold">
                    <Gift className="size-4 shrink-0 text-accent" aria-hidden="true" />
                    <span className="break-all font-mono text-sm">{card.orderId}</span>
                  </p>
                  <time className="text-xs text-muted-foreground" dateTime={card.paidAt}>
                    paid {timeAgo(card.paidAt, owed.dataUpdatedAt)}
                  </time>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
                  <DetailField label="Gift Card">{card.giftCard}</DetailField>
                  <DetailField label="Cashback">{dollars(card.cashbackAmount)}</DetailField>
                  <DetailField label="Customer">{card.customerName}</DetailField>
                  <DetailField label="Email">
                    <span className="break-all">{card.customerEmail}</span>
                  </DetailField>
                </dl>
                <MarkDeliveredButton card={card} />
              </li>
            );
          })}
        </ul>
      )}
    </PagedList>
  );
}
