import type { ReactNode } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/utils';

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell's classes in the table (its padding and card layout are given). */
  className?: string;
  /**
   * A cell the card shows without its header beside it: the row's title, or its actions. The
   * table still shows a title's header; an actions column's (pinned) is for screen readers only.
   */
  unlabelled?: boolean;
  /** The row's header cell (<th scope="row">). */
  rowHeader?: boolean;
  /** The row's actions: kept at the right edge of the table's box while a wide table scrolls. */
  pinned?: boolean;
}

const PINNED = 'md:sticky md:right-0 md:bg-card md:shadow-[-12px_0_12px_-12px_rgb(0_0_0/0.6)]';

// Below 768 px a row is a card and each cell a line with its column's name before it (docs/decisions/0035).
const CARD_ROW = 'max-md:grid max-md:gap-2 max-md:rounded-2xl max-md:border max-md:border-border max-md:bg-card max-md:p-4';
const CARD_CELL = 'max-md:min-w-0 max-md:max-w-none max-md:whitespace-normal max-md:break-words max-md:p-0';
const LABELLED_CELL =
  'max-md:grid max-md:grid-cols-[7.5rem_minmax(0,1fr)] max-md:items-baseline max-md:gap-3 max-md:before:text-xs max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]';

/**
 * Every admin list that is a table: a table from 768 px, scrolling inside its own box where it
 * is wider, and below 768 px a stack of cards, one per row, each field named and the row's
 * actions visible as buttons, never a table to swipe sideways. One <table> in the page for
 * both, laid out by CSS, so screen readers and tests meet the same rows at any width.
 * `tableClassName` sets the table's least width from 768 px (`md:min-w-[60rem]`); a pinned
 * column (the actions) stays in sight at the box's right edge while the rest scrolls.
 */
export function DataTable<T>({
  label,
  rows,
  rowKey,
  columns,
  tableClassName,
  rowProps,
}: {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: ReadonlyArray<DataColumn<T>>;
  tableClassName?: string;
  rowProps?: (row: T) => { className?: string; 'data-testid'?: string };
}) {
  return (
    <ScrollRegion label={label} className="relative min-w-0 md:overflow-x-auto md:rounded-2xl md:border md:border-border md:bg-card">
      <table className={cn('w-full text-left text-sm max-md:block', tableClassName)}>
        <thead className="bg-muted/50 text-xs text-muted-foreground max-md:hidden">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn('whitespace-nowrap px-3 py-2 font-medium', column.pinned && PINNED, column.pinned && 'md:bg-muted')}>
                {column.unlabelled && column.pinned ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-3 md:divide-y md:divide-border">
          {rows.map((row) => {
            const props = rowProps?.(row);
            return (
              <tr key={rowKey(row)} data-testid={props?.['data-testid']} className={cn('align-top hover:bg-muted/30', CARD_ROW, props?.className)}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.header}
                      scope={column.rowHeader ? 'row' : undefined}
                      data-label={column.header}
                      className={cn('px-3 py-2 text-left font-normal', column.className, column.pinned && PINNED, CARD_CELL, !column.unlabelled && LABELLED_CELL)}
                    >
                      {/* One box for the content, so a cell of several parts stays beside its name on a card. */}
                      <div className="min-w-0">{column.cell(row)}</div>
                    </Cell>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** A line of a cell cut to the column's width in the table, whole (wrapped) on a card; `title` shows the whole in the table. */
export function CellLine({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn('block truncate max-md:whitespace-normal max-md:break-words', className)} title={text}>
      {text}
    </span>
  );
}
