/**
 * Step-by-step setup of the apps customers use most, written for one device: its own
 * server address and username appear in the steps, so nothing has to be looked up twice.
 * A set-top box has no app to install; it signs in by its MAC at the portal address.
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

function lineGuides(device: GuideDevice): SetupGuide[] {
  return [
    {
      app: 'tivimate',
      title: 'TiviMate',
      steps: [
        'Install TiviMate IPTV Player from the Google Play Store (on a Fire TV stick, through the Downloader app).',
        'Open TiviMate and choose Add playlist, then Xtream Codes.',
        `Enter the server address ${device.server}, your username ${device.username} and your password, then choose Next.`,
        'Name the playlist (for example StreamPlus) and choose Done: the channels and the TV guide load on their own.',
      ],
    },
    {
      app: 'smarters',
      title: 'IPTV Smarters',
      steps: [
        "Install IPTV Smarters Pro from your device's app store.",
        'Open it and choose Login with Xtream Codes API.',
        `Enter any name, your username ${device.username}, your password and the URL ${device.server}.`,
        'Choose Add User, then open Live TV; choose Install EPG in the settings if the TV guide stays empty.',
      ],
    },
    {
      app: 'vlc',
      title: 'VLC',
      steps: [
        'Install VLC media player from videolan.org or your app store.',
        "Copy this device's M3U playlist URL with its copy button.",
        'In VLC choose Media, then Open Network Stream (on a phone: Browsing, then Stream).',
        'Paste the playlist URL and choose Play; the channels are in the playlist view.',
        'VLC shows no TV guide: use TiviMate, IPTV Smarters or Kodi for one.',
      ],
    },
    {
      app: 'kodi',
      title: 'Kodi',
      steps: [
        'In Kodi open Settings, Add-ons, Install from repository, PVR clients, and install PVR IPTV Simple Client.',
        "Open the add-on's Configure; under General set Location to Remote path and paste this device's M3U playlist URL.",
        "Under EPG set Location to Remote path and paste this device's XMLTV guide URL.",
        'Choose OK and restart Kodi: the channels and the guide are under TV.',
      ],
    },
  ];
}

function boxGuide(portalUrl: string): SetupGuide {
  return {
    app: 'box',
    title: 'MAG / Enigma2 box',
    steps: [
      'Check that the MAC address shown for this device is the one printed under your box.',
      'On a MAG box open Settings, System settings, Servers, Portals.',
      `Enter the portal address ${portalUrl} as Portal 1 URL, save, and restart the box.`,
      'On an Enigma2 box, install a Stalker portal plugin (such as STB Emulator) and enter the same portal address in it.',
      'The channel list loads on its own; the box signs in with its MAC address, no username or password.',
    ],
  };
}

/** The guides for one device: the four apps for a login, the box's own steps for a set-top box. */
export function setupGuides(device: GuideDevice): SetupGuide[] {
  return device.portalUrl === null ? lineGuides(device) : [boxGuide(device.portalUrl)];
}
