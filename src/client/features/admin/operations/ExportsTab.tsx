import { Download, FileSpreadsheet } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { adminApiRoutes } from '../../../lib/api-routes';

const EXPORTS = [
  { href: adminApiRoutes.ordersCsv, title: 'Orders', text: 'Every order: status, reason, customer, package, amounts, coupon, gift card and shipping.' },
  { href: adminApiRoutes.customersCsv, title: 'Customers', text: 'Every customer: contact details, account, orders and what they paid.' },
] as const;

/** The two CSV downloads; the browser saves each under the dated name the server gives it. */
export function ExportsTab() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Exports">
      {EXPORTS.map((file) => (
        <li key={file.href} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-card p-4">
          <p className="flex items-center gap-2 font-semibold">
            <FileSpreadsheet className="size-4 text-accent" aria-hidden="true" />
            {file.title}
          </p>
          <p className="text-sm text-muted-foreground">{file.text}</p>
          <a
            href={file.href}
            download
            className={buttonVariants({ variant: 'outline', className: 'self-start' })}
            onClick={() => toast({ title: 'Export Started', description: `${file.title} CSV is downloading.` })}
          >
            <Download aria-hidden="true" />
            Download {file.title} CSV
          </a>
        </li>
      ))}
    </ul>
  );
}
