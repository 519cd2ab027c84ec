import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';

/**
 * Step-by-step setup of the apps customers use most, written for one device: its own
 * server address and username appear in the steps, so nothing has to be looked up twice.
 * A set-top box has no app to install; it signs in by its MAC at the portal address.
 * The steps are the page's language's (decision 0111); the apps' own names stay as they are.
 */

/** What a guide may quote of the device it is written for. */
export interface GuideDevice {
  server: string;
  username: string;
  portalUrl: string | null;
}

export type GuideApp = 'tivimate' | 'smarters' | 'vlc' | 'kodi' | 'box';

export interface SetupGuide {
  app: GuideApp;
  title: string;
  steps: string[];
}

/** The app's steps, `devices.guide.<app>.1` onwards, each given the device's values. */
function guide(app: GuideApp, title: string, stepCount: number, values: Record<string, string>): SetupGuide {
  const steps = Array.from({ length: stepCount }, (_, index) => formatMessage(`devices.guide.${app}.${index + 1}`, values));
  return { app, title, steps };
}

function lineGuides({ server, username }: GuideDevice): SetupGuide[] {
  return [
    guide('tivimate', 'TiviMate', 4, { server, username }),
    guide('smarters', 'IPTV Smarters', 4, { server, username }),
    guide('vlc', 'VLC', 5, {}),
    guide('kodi', 'Kodi', 4, {}),
  ];
}

/** The guides for one device: the four apps for a login, the box's own steps for a set-top box. */
export function setupGuides(device: GuideDevice): SetupGuide[] {
  return device.portalUrl === null ? lineGuides(device) : [guide('box', t('devices.guide.boxTitle'), 5, { portalUrl: device.portalUrl })];
}
