// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { LinkQrDialog } from '../../src/client/components/LinkQrDialog';
import { ServerAddress } from '../../src/client/components/ServerAddress';
import { TrackingNumber } from '../../src/client/components/TrackingNumber';
import { CopyButton } from '../../src/client/components/ui/copy-button';
import { dismissToast } from '../../src/client/components/ui/use-toast';
import { addMessages } from '../../src/client/lib/i18n';
import type { Locale } from '../../src/domain/locales';
import arDevices from '../../src/messages/ar/devices.json';
import arSite from '../../src/messages/ar/site.json';
import enDevices from '../../src/messages/en/devices.json';
import enSite from '../../src/messages/en/site.json';
import ptDevices from '../../src/messages/pt-BR/devices.json';
import ptSite from '../../src/messages/pt-BR/site.json';
import { ToastProbe, toastText } from '../support/admin-ui';

/**
 * The components the account and the admin share, in the page's language (decisions 0106,
 * 0111): the copy button's toasts, the server address, the QR dialog and a tracking link. The
 * admin is never prefixed, so its pages read the English catalogue: the spec's words.
 */
const speak = (locale: Locale, site: Record<string, string>, devices: Record<string, string>) => addMessages(locale, ['site', 'devices'], { ...site, ...devices });
const UPS = '1Z999AA10123456784';

/** Each word in English (the admin's and the spec's), Brazilian Portuguese and Arabic. */
const WORDS: Record<string, [string, string, string]> = {
  label: ['Server Address', 'Endereço do servidor', 'عنوان الخادم'],
  copyLabel: ['Copy server address', 'Copiar endereço do servidor', 'نسخ عنوان الخادم'],
  copied: ['Copied!|Server address copied to clipboard|default', 'Copiado!|Endereço do servidor: copiado para a área de transferência|default', 'تم النسخ!|تم نسخ عنوان الخادم إلى الحافظة|default'],
  qrLabel: ['Show TV guide QR code', 'Mostrar QR code do guia de TV', 'عرض رمز QR لدليل التلفزيون'],
  qrTitle: ['Living Room TV guide', 'Guia de TV de Living Room', 'دليل تلفزيون Living Room'],
  // The device's name keeps its own direction inside the sentence.
  qrName: ['Living Room', 'Living Room', 'Living Room'],
  qrDescription: ['Scan this code with a TV app that accepts an XMLTV guide URL.', 'Escaneie este código com um app de TV que aceite uma URL de guia XMLTV.', 'امسح هذا الرمز بتطبيق تلفزيون يقبل رابط دليل XMLTV.'],
  tracking: [`${UPS} (track with UPS, opens in a new tab)`, `${UPS} (rastrear com UPS, abre em uma nova aba)`, `${UPS} (تتبّع عبر UPS، تفتح في علامة تبويب جديدة)`],
};
const LANGUAGES: Array<[Locale, Record<string, string>, Record<string, string>, number]> = [
  ['en', enSite, enDevices, 0],
  ['pt-BR', ptSite, ptDevices, 1],
  ['ar', arSite, arDevices, 2],
];

/** Every word the four components show or name, in the order a reader meets them. */
async function sharedWords() {
  const user = userEvent.setup();
  render(
    <>
      <ServerAddress url="http://tv.example.com/" />
      <LinkQrDialog url="http://tv.example.com/get.php" deviceName="Living Room" kind="guide" />
      <TrackingNumber value={UPS} />
      <ToastProbe />
    </>,
  );
  const serverButton = screen.getAllByRole('button')[0]!;
  await user.click(serverButton);
  await waitFor(() => expect(toastText()).not.toBe(''));
  const copied = toastText();
  dismissToast();
  const qrButton = screen.getAllByRole('button')[1]!;
  const qrLabel = qrButton.getAttribute('aria-label');
  await user.click(qrButton);
  const dialog = await screen.findByRole('dialog');
  const words = {
    label: screen.getByTestId('server-address').previousElementSibling?.textContent,
    copyLabel: serverButton.getAttribute('aria-label'),
    copied,
    qrLabel,
    qrTitle: dialog.querySelector('h2')?.textContent,
    qrName: dialog.querySelector('h2 bdi')?.textContent,
    qrDescription: dialog.querySelector('p')?.textContent,
    tracking: screen.getByRole('link', { hidden: true }).getAttribute('aria-label'),
  };
  cleanup();
  return words;
}

describe('the shared components in the page language', () => {
  afterEach(() => {
    cleanup();
    dismissToast();
    vi.restoreAllMocks();
  });
  afterAll(() => speak('en', enSite, enDevices));

  it.each(LANGUAGES)('say their words in %s', async (locale, site, devices, column) => {
    speak(locale, site, devices);
    expect(await sharedWords()).toEqual(Object.fromEntries(Object.entries(WORDS).map(([name, row]) => [name, row[column]])));
  });

  it('keeps the server address left to right under an Arabic frame', () => {
    speak('ar', arSite, arDevices);
    render(<ServerAddress url="http://tv.example.com/" />);
    expect(screen.getByTestId('server-address').getAttribute('dir')).toBe('ltr');
  });

  it("says a failed copy in the page's language, English's name in lower case", async () => {
    speak('en', enSite, enDevices);
    const user = userEvent.setup();
    // Neither the Clipboard API nor the older way copies.
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const execCommand = document.execCommand;
    document.execCommand = () => false;
    onTestFinished(() => {
      document.execCommand = execCommand;
    });
    const failure = async () => {
      render(
        <>
          <CopyButton value="x" label="Copy" what="Setup key" />
          <ToastProbe />
        </>,
      );
      await user.click(screen.getByRole('button'));
      await waitFor(() => expect(toastText()).not.toBe(''));
      const text = toastText();
      cleanup();
      dismissToast();
      return text;
    };
    expect(await failure()).toBe('Copy Failed|Select the setup key and copy it by hand.|destructive');
    speak('pt-BR', ptSite, ptDevices);
    expect(await failure()).toBe('Falha ao copiar|Não foi possível copiar: Setup key. Selecione o texto e copie manualmente.|destructive');
    speak('ar', arSite, arDevices);
    expect(await failure()).toBe('تعذّر النسخ|تعذّر نسخ Setup key. حدّد النص وانسخه يدويًا.|destructive');
  });
});
