import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEVICE_REFUSALS, type DeviceStatus } from '../../src/contract/devices';
import { STARTS_ON_ACTIVATION } from '../../src/domain/subscription-status';
import { deviceLock, statusBadge, timeRemainingText } from '../../src/client/features/account/subscription-view';
import { liveStatusText } from '../../src/client/features/devices/device-view';
import { formatSubscriptionDate } from '../../src/client/lib/customer-dates';
import { addMessages, t } from '../../src/client/lib/i18n';
import { formatIsolated } from '../../src/client/lib/isolated-message';
import ptAccount from '../../src/messages/pt-BR/account.json';
import ptDevices from '../../src/messages/pt-BR/devices.json';
import arAccount from '../../src/messages/ar/account.json';
import arDevices from '../../src/messages/ar/devices.json';

/**
 * The account area in the page's language (decision 0111): English exactly as the spec and
 * the server say it, dates through Intl in the other languages, counts as plurals, and
 * names kept whole inside a sentence. The English catalogue is loaded by the unit setup;
 * each language's test below loads its own, so they run in this order.
 */
const now = new Date('2027-01-01T12:00:00Z');
const DAY = 86_400_000;
const paid = (daysLeft: number) => ({ status: 'active' as const, expirationDate: new Date(now.getTime() + daysLeft * DAY - 1000).toISOString(), package: { id: 'uuid-3-months' } });
const online = (active: number, max: number): DeviceStatus => ({ available: true, online: true, activeConnections: active, maxConnections: max, enabled: true, lastSeenAt: null, demo: false });
const seen = (minutesAgo: number): DeviceStatus => ({ ...online(0, 1), online: false, activeConnections: null, lastSeenAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString() });

describe('the account area in English', () => {
  it('keeps the store\'s own date formats', () => {
    expect(formatSubscriptionDate('2027-01-04T19:05:00Z', 'America/New_York')).toBe('January 4, 2027');
    expect(formatSubscriptionDate('2027-01-04T19:05:00Z', 'America/New_York', true)).toBe('January 4, 2027 at 2:05 PM (America/New_York)');
  });

  it('says what the server and the spec say, word for word', () => {
    expect(t('account.devicesLocked.expired')).toBe(DEVICE_REFUSALS.expired);
    expect(t('account.devicesLocked.pendingActivation')).toBe(DEVICE_REFUSALS.pending_activation);
    expect(t('account.details.startsOnActivation')).toBe(STARTS_ON_ACTIVATION);
    expect(['account.badge.channels', 'account.badge.quality', 'account.badge.vod'].map(t)).toEqual(['18,000+ Channels', '4K Quality', '100K+ VOD']);
    expect(timeRemainingText(paid(1), now)).toBe('1 day');
    expect(timeRemainingText(paid(12), now)).toBe('12 days');
    expect(liveStatusText(online(1, 2), now)).toBe('Online now, 1 of 2 streams playing');
    expect(liveStatusText(seen(5), now)).toBe('Offline, last seen 5 minutes ago');
  });

  it('puts a package\'s name in a bdi inside its sentence', () => {
    expect(renderToStaticMarkup(formatIsolated('account.renewDialog.description', { name: '36-Hour Free Trial' }))).toBe(
      'Your credentials stay the same; the new time is added to <bdi>36-Hour Free Trial</bdi>.',
    );
  });
});

describe('the account area in Brazilian Portuguese', () => {
  it('writes dates, counts and states in Portuguese', () => {
    addMessages('pt-BR', ['account', 'devices'], { ...ptAccount, ...ptDevices });
    expect(formatSubscriptionDate('2027-01-04T19:05:00Z', 'America/New_York')).toBe('4 de janeiro de 2027');
    expect(formatSubscriptionDate('2027-01-04T19:05:00Z', 'America/Sao_Paulo', true)).toBe('4 de janeiro de 2027 às 16:05 (America/Sao_Paulo)');
    expect(timeRemainingText(paid(1), now)).toBe('1 dia');
    expect(timeRemainingText(paid(12), now)).toBe('12 dias');
    expect(statusBadge(paid(12), now).label).toBe('ativa');
    expect(liveStatusText(online(1, 2), now)).toBe('On-line agora, 1 de 2 transmissões em reprodução');
    expect(liveStatusText(seen(5), now)).toBe('Off-line, visto pela última vez há 5 minutos');
  });
});

describe('the account area in Arabic', () => {
  it('writes dates through Intl, Arabic plurals and the lock reasons in Arabic', () => {
    addMessages('ar', ['account', 'devices'], { ...arAccount, ...arDevices });
    const date = formatSubscriptionDate('2027-01-04T19:05:00Z', 'UTC');
    expect(date).toBe(new Intl.DateTimeFormat('ar', { timeZone: 'UTC', dateStyle: 'long' }).format(new Date('2027-01-04T19:05:00Z')));
    expect(date).toContain('يناير');
    expect(timeRemainingText(paid(1), now)).toBe('يوم واحد');
    expect(timeRemainingText(paid(2), now)).toBe('يومان');
    expect(timeRemainingText(paid(5), now)).toBe('5 أيام');
    expect(deviceLock({ ...paid(-3), suspended: false }, now)?.reason).toBe('انتهى هذا الاشتراك. جدّده لإدارة أجهزته.');
    expect(renderToStaticMarkup(formatIsolated('account.renewDialog.description', { name: '36-Hour Free Trial' }))).toBe(
      'تبقى بيانات دخولك كما هي؛ تُضاف المدة الجديدة إلى <bdi>36-Hour Free Trial</bdi>.',
    );
  });
});
