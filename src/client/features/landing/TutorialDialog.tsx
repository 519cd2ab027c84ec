import { Gift } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ScrollRegion } from '../../components/ui/scroll-region';
import { useMessages } from '../../lib/i18n';

/** The steps' message keys (`.title`, `.text`), in order. */
const STEPS = ['inbox', 'link', 'choose', 'redeem', 'another'].map((step) => `landing.tutorial.${step}`);

export function TutorialDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useMessages('landing');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Gift className="size-5 text-accent" aria-hidden="true" />
            {t('landing.tutorial.title')}
          </DialogTitle>
          <DialogDescription>{t('landing.tutorial.description')}</DialogDescription>
        </DialogHeader>
        <ScrollRegion label={t('landing.tutorial.steps')} className="max-h-[55vh] overflow-y-auto rounded-xl pe-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <ol className="space-y-4" data-testid="tutorial-steps">
            {STEPS.map((step, index) => (
              <li key={step} className="flex gap-4 rounded-xl border border-border bg-background/50 p-4">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-gradient font-bold text-white">{index + 1}</span>
                <div>
                  <h3 className="font-semibold">{t(`${step}.title`)}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{t(`${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </ScrollRegion>
      </DialogContent>
    </Dialog>
  );
}
