import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';

/** One titled card of the checkout page, labelled by its heading for assistive technology. */
export function CheckoutSection({
  id,
  icon: Icon,
  title,
  description,
  action,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-3 p-4 pb-4 sm:p-6 sm:pb-4">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 hidden size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary sm:flex">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="grid gap-1">
              {/* Focusable from script: the checkout moves the focus to the payment step when it appears. */}
              <h2 id={headingId} tabIndex={-1} className="text-lg font-bold leading-tight">
                {title}
              </h2>
              {description && <CardDescription>{description}</CardDescription>}
            </div>
          </div>
          {action}
        </CardHeader>
        <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">{children}</CardContent>
      </Card>
    </section>
  );
}
