import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { createTelegramBot } from '../../src/server/providers/telegram/bot-api';
import { createDemoTelegram } from '../../src/server/providers/telegram/demo-telegram';
import { PANEL_WATCH_JOBS } from '../../src/server/workflows/panel-watch';
import { freePort } from '../support/free-port';
import { MINUTE, OWNER_EMAIL } from '../support/panel-watch';
import { startTelegramStandIn, TELEGRAM_TEST_BOT, useTelegramStandIn, type TelegramStandIn } from '../support/telegram-stand-in';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/** The Telegram provider (decisions 0093, 0103) against a local stand-in of the Bot API. */

describe('the Telegram Bot API client', () => {
  let telegram: TelegramStandIn;
  beforeAll(async () => {
    telegram = await startTelegramStandIn(TELEGRAM_TEST_BOT);
  });
  afterAll(() => telegram.close());
  beforeEach(() => telegram.reset());

  const bot = ({ token, chatId, apiUrl }: { token?: string; chatId?: string; apiUrl?: string } = {}) =>
    createTelegramBot({ token: token ?? TELEGRAM_TEST_BOT.token, chatId: chatId ?? TELEGRAM_TEST_BOT.chatId, apiUrl: apiUrl ?? telegram.url, timeoutMs: 500 });

  /** The error a send fails with, to read its message whole. */
  const failureOf = (send: Promise<unknown>) => send.then(() => null, (error: unknown) => (error as Error).message);

  it('posts the text to the chat as plain text without link previews', async () => {
    await bot().send('The panel is unreachable\n\nPanel view: http://localhost:5000/admin?tab=panel');
    expect(telegram.messages).toEqual([
      {
        chatId: TELEGRAM_TEST_BOT.chatId,
        text: 'The panel is unreachable\n\nPanel view: http://localhost:5000/admin?tab=panel',
        options: { link_preview_options: { is_disabled: true } },
      },
    ]);
  });

  it("fails with Telegram's words on a wrong token, a chat the bot is not in and an outage, never with the token", async () => {
    const wrongToken = '7012345678:AAE-another-bots-token_999';
    const refusal = await failureOf(bot({ token: wrongToken }).send('hello'));
    expect(refusal).toBe('Telegram refused the message: 401 Unauthorized');
    expect(await failureOf(bot({ chatId: '-1009999999999' }).send('hello'))).toBe('Telegram refused the message: 400 Bad Request: chat not found');
    telegram.goDown('error');
    expect(await failureOf(bot().send('hello'))).toBe('Telegram refused the message: 500 Internal Server Error');
    telegram.goDown('hang');
    expect(await failureOf(bot().send('hello'))).toMatch(/^Telegram unreachable: /);
    telegram.recover();
    const closed = await failureOf(bot({ apiUrl: `http://127.0.0.1:${await freePort()}` }).send('hello'));
    expect(closed).toBe('Telegram unreachable: fetch failed (ECONNREFUSED)');
    for (const message of [refusal, closed]) expect(message).not.toContain(TELEGRAM_TEST_BOT.token);
    expect(telegram.messages).toEqual([]);
  });

  it('has a demo twin that logs what it would post', async () => {
    const logged: Array<{ details: unknown; message: string }> = [];
    const logger = { info: (details: unknown, message: string) => logged.push({ details, message }) } as unknown as Parameters<typeof createDemoTelegram>[0];
    const demo = createDemoTelegram(logger);
    expect(demo.kind).toBe('demo');
    await demo.send('The panel answers again');
    await demo.sendMessage('5550001', 'Your subscription expires in 3 days');
    expect(logged).toEqual([
      { details: { telegram: 'The panel answers again', chatId: null }, message: 'Telegram message not posted (demo: TELEGRAM_BOT_TOKEN is unset or demo)' },
      { details: { telegram: 'Your subscription expires in 3 days', chatId: '5550001' }, message: 'Telegram message not posted (demo: TELEGRAM_BOT_TOKEN is unset or demo)' },
    ]);
    expect(await demo.username()).toBe('demo');
  });

  it("reads the bot's username with getMe once, and sets the webhook with its secret (https only, as Telegram)", async () => {
    const client = bot();
    expect(await client.username()).toBe('streamplus_test_bot');
    expect(await client.username()).toBe('streamplus_test_bot');
    await client.setWebhook('https://store.example/api/telegram/webhook', 'secret-of-the-webhook_0123456789');
    expect(telegram.webhook).toEqual({ url: 'https://store.example/api/telegram/webhook', secretToken: 'secret-of-the-webhook_0123456789' });
    expect(await failureOf(client.setWebhook('http://localhost:5000/api/telegram/webhook', 'x'.repeat(20)))).toBe(
      'Telegram refused the webhook: 400 Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    );
    expect(await failureOf(bot({ token: '7012345678:AAE-another-bots-token_999' }).username())).toBe('Telegram refused getMe: 401 Unauthorized');
  });

  it('posts to any chat the bot is in, as Telegram HTML when asked', async () => {
    telegram.openChat('5550001');
    await bot().sendMessage('5550001', '<b>Renewed</b>', { html: true });
    expect(telegram.messages).toEqual([{ chatId: '5550001', text: '<b>Renewed</b>', options: { link_preview_options: { is_disabled: true }, parse_mode: 'HTML' } }]);
  });
});

describe("an alert's Telegram message while Telegram is down", () => {
  const START = new Date('2027-03-01T12:00:00.000Z');
  const clock = settableClock(START);
  const stand = usePanelStandIn();
  stand.env.ALERT_EMAIL = OWNER_EMAIL;
  const bot = useTelegramStandIn(stand.env);
  const t = useTestApp(stand.env, { clock });

  it('is posted by its durable job once Telegram answers again, and only once', async () => {
    bot.telegram.goDown('error');
    stand.panel.goDown('error');
    for (let minute = 0; minute <= 5; minute++) {
      clock.set(new Date(START.getTime() + minute * MINUTE));
      await t.services.panelWatch.checkNow();
    }
    await t.services.jobs.drain();
    expect(bot.telegram.messages).toEqual([]);
    const { rows } = await t.database.executeSql(`select state from pgboss.job where name = $1`, [PANEL_WATCH_JOBS.telegram]);
    expect(rows).toEqual([{ state: 'retry' }]);

    bot.telegram.recover();
    await t.services.jobs.drain({ includeDelayed: true });
    await t.services.jobs.drain({ includeDelayed: true });
    expect(bot.telegram.messages.map((message) => message.text.split('\n')[0])).toEqual(['The panel is unreachable']);
  });
});
