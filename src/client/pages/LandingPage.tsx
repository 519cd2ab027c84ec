import { Gift } from 'lucide-react';
import { useState } from 'react';
import { MAIN_ID } from '../components/SkipLink';
import { Button } from '../components/ui/button';
import { CartDialog } from '../features/cart';
import { PackageList } from '../features/catalog';
import { deviceFeeSentence, Hero, LaterSections, SiteFooter, SiteHeader, TutorialDialog } from '../features/landing';
import { useBuyerCurrency } from '../lib/buyer-currency';
import { useMessages } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

export default function LandingPage() {
  const [tutorialOpen, setTutorialOpen] = useState(false);
  useDocumentTitle(null);
  const t = useMessages('landing');
  const currency = useBuyerCurrency();
  return (
    <div className="min-h-screen">
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1}>
        <Hero />
        <section id="packages" className="scroll-mt-20 py-20" aria-labelledby="packages-title">
          <div className="mx-auto max-w-7xl px-4">
            <h2 id="packages-title" className="text-center text-3xl font-extrabold sm:text-4xl">{t('landing.packages.title')}</h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{deviceFeeSentence('landing.packages.text', currency)}</p>
            <div className="mt-4 flex justify-center">
              <Button variant="link" className="h-auto whitespace-normal" onClick={() => setTutorialOpen(true)}>
                <Gift /> {t('landing.packages.tutorial')}
              </Button>
            </div>
            <div className="mt-10">
              <PackageList />
            </div>
          </div>
        </section>
        <LaterSections />
      </main>
      <SiteFooter onOpenTutorial={() => setTutorialOpen(true)} />
      <TutorialDialog open={tutorialOpen} onOpenChange={setTutorialOpen} />
      <CartDialog />
    </div>
  );
}
