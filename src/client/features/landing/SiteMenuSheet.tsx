import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, X } from 'lucide-react';
import { useRef, type RefObject } from 'react';
import { CurrencyPicker } from '../../components/CurrencyPicker';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Button } from '../../components/ui/button';
import { useMessages } from '../../lib/i18n';
import { useCurrentCustomer } from '../../lib/session';
import { useSignOut } from '../../lib/sign-out';
import type { SECTIONS, SectionId } from './scroll';

/**
 * The menu's sheet: a Radix dialog dropping from the top, so focus stays inside, Escape closes
 * and focus returns to the Menu button, unless a section was chosen: then the page scrolls
 * there once the dialog has let go of the page's scrolling. Its own chunk (decision 0082).
 */
interface SiteMenuSheetProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menuButton: RefObject<HTMLButtonElement | null>;
  /** The page's sections and its way to them (scroll.ts), given by the header so that they stay in the page's own chunk. */
  sections: typeof SECTIONS;
  scrollToSection: (id: SectionId) => void;
}

export function SiteMenuSheet({ id, open, onOpenChange, menuButton, sections, scrollToSection }: SiteMenuSheetProps) {
  const chosen = useRef<SectionId | null>(null);
  const customer = useCurrentCustomer();
  const signOut = useSignOut();
  const t = useMessages('site');
  const choose = (id: SectionId) => {
    chosen.current = id;
    onOpenChange(false);
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm lg:hidden" />
        <DialogPrimitive.Content
          id={id}
          className="fixed inset-x-0 top-0 z-50 border-b border-border bg-card p-4 pb-6 shadow-2xl lg:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!chosen.current) {
              // What Radix's trigger did: the button lives in the header, outside this chunk.
              menuButton.current?.focus();
              return;
            }
            scrollToSection(chosen.current);
            chosen.current = null;
          }}
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-bold">{t('site.menu')}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('site.closeMenu')}>
                <X className="size-5" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label={t('site.nav.sections')} className="mt-2 grid gap-1">
            {sections.map(({ id, label }) => (
              <Button key={id} variant="ghost" size="lg" className="justify-start" onClick={() => choose(id)}>
                {t(label)}
              </Button>
            ))}
          </nav>
          <div className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] gap-2">
            <LanguageSwitcher />
            <CurrencyPicker className="w-24" />
          </div>
          {customer.data && (
            <Button variant="outline" size="lg" className="mt-3 w-full" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              <LogOut aria-hidden="true" />
              {t(signOut.isPending ? 'site.signingOut' : 'site.signOut')}
            </Button>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
