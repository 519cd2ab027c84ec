import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { useMessages } from '../../lib/i18n';
import { formatIsolated } from '../../lib/isolated-message';
import { setupGuides, type GuideDevice } from './setup-guides';

/** One guide: its title and numbered steps, a section of its own. */
function GuideSection({ title, steps }: { title: string; steps: readonly string[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="setup-guide">
      <h3 id={headingId} className="mb-2 font-semibold">
        {title}
      </h3>
      <ol className="grid list-decimal gap-2 ps-5 text-sm [overflow-wrap:anywhere]">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

/** "Setup guide" beside a device: the steps for TiviMate, IPTV Smarters, VLC and Kodi, or for a box. */
export function SetupGuideDialog({ device, deviceName }: { device: GuideDevice; deviceName: string }) {
  const t = useMessages('devices');
  const guides = setupGuides(device);
  const [chosen, setChosen] = useState(guides[0]?.app);
  const guide = guides.find((each) => each.app === chosen) ?? guides[0];
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          {t('devices.guide.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{formatIsolated('devices.guide.title', { name: deviceName })}</DialogTitle>
          <DialogDescription>{t('devices.guide.description')}</DialogDescription>
        </DialogHeader>
        {guides.length > 1 && (
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('devices.guide.apps')}>
            {guides.map((each) => (
              <Button key={each.app} type="button" size="sm" variant={each.app === guide?.app ? 'default' : 'outline'} aria-pressed={each.app === guide?.app} onClick={() => setChosen(each.app)}>
                {each.title}
              </Button>
            ))}
          </div>
        )}
        {guide && <GuideSection title={guide.title} steps={guide.steps} />}
      </DialogContent>
    </Dialog>
  );
}
