import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, Menu, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useCurrentCustomer, useSignOut } from '../auth';
import { scrollToSection, SECTIONS, type SectionId } from './scroll';

/**
 * The landing page's sections (and Sign Out) on a phone or tablet, where the header has no room for them: a Radix
 * dialog dropping from the top, so focus stays inside, Escape closes and focus returns to
 * the Menu button, unless a section was chosen: then the page scrolls there once the
 * dialog has let go of the page's scrolling.
 */
export function SiteMenu() {
  const [open, setOpen] = useState(false);
  const chosen = useRef<SectionId | null>(null);
  const customer = useCurrentCustomer();
  const signOut = useSignOut();
  const choose = (id: SectionId) => {
    chosen.current = id;
    setOpen(false);
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Menu">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm lg:hidden" />
        <DialogPrimitive.Content
          className="fixed inset-x-0 top-0 z-50 border-b border-border bg-card p-4 pb-6 shadow-2xl lg:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!chosen.current) return;
            event.preventDefault();
            scrollToSection(chosen.current);
            chosen.current = null;
          }}
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-bold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Sections" className="mt-2 grid gap-1">
            {SECTIONS.map(({ id, label }) => (
              <Button key={id} variant="ghost" size="lg" className="justify-start" onClick={() => choose(id)}>
                {label}
              </Button>
            ))}
          </nav>
          {customer.data && (
            <Button variant="outline" size="lg" className="mt-3 w-full" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              <LogOut aria-hidden="true" />
              {signOut.isPending ? 'Signing Out...' : 'Sign Out'}
            </Button>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
