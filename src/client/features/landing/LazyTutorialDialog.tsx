import { lazy, Suspense, useState } from 'react';

const TutorialDialog = lazy(() => import('./TutorialDialog').then((module) => ({ default: module.TutorialDialog })));

/**
 * The gift card tutorial, loaded the first time it is opened and kept from then on (so it
 * closes with its animation): nothing of the landing page's first paint needs its steps, and
 * the page's initial JavaScript is at its budget (decision 0060).
 */
export function LazyTutorialDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <TutorialDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
