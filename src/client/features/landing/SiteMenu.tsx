import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useMessages } from '../../lib/i18n';
import { whenIdle } from '../../lib/when-idle';
import { scrollToSection, SECTIONS } from './scroll';

const SiteMenuSheet = lazy(() => import('./SiteMenuSheet').then((module) => ({ default: module.SiteMenuSheet })));

/**
 * The landing page's sections (and Sign Out) on a phone or tablet, where the header has no
 * room for them. The button is the page's own; the sheet (a Radix dialog) mounts once the
 * browser is idle or at the first press, so its code is not part of the landing page's first
 * JavaScript (decision 0082). The button says what Radix's trigger said: a dialog, expanded or not.
 */
export function SiteMenu() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sheetId = useId();
  const t = useMessages('site');
  if (open && !mounted) setMounted(true);
  useEffect(() => whenIdle(() => setMounted(true)), []);
  return (
    <>
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label={t('site.menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={sheetId}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen(true)}
      >
        <Menu className="size-5" aria-hidden="true" />
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <SiteMenuSheet id={sheetId} open={open} onOpenChange={setOpen} menuButton={menuButton} sections={SECTIONS} scrollToSection={scrollToSection} />
        </Suspense>
      )}
    </>
  );
}
