import { AlertCircle, Download, FileSpreadsheet } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { FilterInput } from '../shared/FilterFields';
import { useUrlFilters } from '../shared/use-url-filters';

const EXPORTS = [
  { href: adminApiRoutes.ordersCsv, title: 'Orders', text: 'Orders placed in the dates: status, reason, customer and phone, package, amounts, coupon, gift card, shipping and tracking.' },
  { href: adminApiRoutes.customersCsv, title: 'Customers', text: 'Customers created in the dates: contact details, account, orders and what they paid.' },
] as const;

const RANGE = ['from', 'to'] as const;

/** A download's address with the days asked for; none for every row. */
function withRange(href: string, range: Record<(typeof RANGE)[number], string>): string {
  const query = new URLSearchParams(Object.entries(range).filter(([, day]) => day !== '')).toString();
  return query ? `${href}?${query}` : href;
}

/**
 * The two CSV downloads, of the days between From and To (either may be left empty) in the
 * store's time zone; the browser saves each under the dated name the server gives it. A range
 * the wrong way round is said here, as the server would refuse it.
 */
export function ExportsTab() {
  const timeZone = useStoreTimeZone();
  const range = useUrlFilters(RANGE);
  const { from, to } = range.values;
  const reversed = from !== '' && to !== '' && from > to;
  const days = [from && ` from ${from}`, to && ` to ${to}`].join('');

  return (
    <div className="grid min-w-0 gap-4">
      <fieldset className="grid min-w-0 grid-cols-1 gap-3 min-[480px]:grid-cols-2 sm:max-w-md">
        <legend className="mb-2 text-sm text-muted-foreground">Dates in {timeZone}, both included; leave one empty for no limit on that side.</legend>
        <FilterInput id="export-from" type="date" label="From" value={from} onChange={(day) => range.set({ from: day })} />
        <FilterInput id="export-to" type="date" label="To" value={to} onChange={(day) => range.set({ to: day })} />
      </fieldset>
      {reversed && (
        <p className="flex items-center gap-2 rounded-2xl border border-destructive/40 bg-destructive/10 p-3 text-sm" role="alert">
          <AlertCircle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
          From must be on or before To: change one of the dates to download.
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Exports">
        {EXPORTS.map((file) => (
          <li key={file.href} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-card p-4">
            <p className="flex items-center gap-2 font-semibold">
              <FileSpreadsheet className="size-4 text-accent" aria-hidden="true" />
              {file.title}
            </p>
            <p className="text-sm text-muted-foreground">{file.text}</p>
            {reversed ? (
              <Button variant="outline" className="self-start" disabled>
                <Download aria-hidden="true" />
                Download {file.title} CSV
              </Button>
            ) : (
              <a
                href={withRange(file.href, range.values)}
                download
                className={buttonVariants({ variant: 'outline', className: 'self-start' })}
                onClick={() => toast({ title: 'Export Started', description: `${file.title} CSV${days} is downloading.` })}
              >
                <Download aria-hidden="true" />
                Download {file.title} CSV
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
