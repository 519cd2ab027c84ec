import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { mailOutbox, telegramChats, telegramLinkTokens, telegramMessages, telegramUpdates } from '../../src/server/schema';
import { createServices } from '../../src/server/services';
import { seededPackages } from '../support/checkout';
import { signInAdmin } from '../support/admins';
import { registerCustomer, type SignedIn } from '../support/customers';
import { paidOrder, paidSubscriber } from '../support/paid-orders';
import { TELEGRAM_TEST_BOT, useTelegramStandIn } from '../support/telegram-stand-in';
import { useTestApp, type TestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/** Telegram for customers and staff (decision 0103), against the local stand-in of the Bot API. */

const DAY = 24 * 3_600_000;
const SECRET = 'webhook-secret-of-the-test-store_0123';
const LINKED_REPLY =
  'Your StreamPlus account is linked. Renewal reminders, renewal results and replies to your support tickets now arrive here too, as well as by email.';
const REFUSED_REPLY = 'This link has expired or was already used. Open your StreamPlus account page and choose "Link Telegram" again.';
const REMINDER_SUBJECT = 'Your StreamPlus subscription expires in 3 days';
const CHAT = '5550001';

let nextUpdateId = 9000;
const startUpdate = (chatId: string, text: string, updateId = nextUpdateId++) => ({
  update_id: updateId,
  message: { message_id: 1, date: 1_800_000_000, chat: { id: Number(chatId), type: 'private' }, from: { id: Number(chatId), is_bot: false, first_name: 'Ada' }, text },
});

const postUpdate = (t: TestApp, body: unknown, secret: string | null = SECRET) =>
  t.app.inject({ method: 'POST', url: '/api/telegram/webhook', payload: body as object, headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret } });
const statusOf = (t: TestApp, who: SignedIn) => t.app.inject({ method: 'GET', url: '/api/customer/telegram', cookies: who.cookies });
async function newLink(t: TestApp, who: SignedIn) {
  const answer = await t.app.inject({ method: 'POST', url: '/api/customer/telegram/link', cookies: who.cookies });
  expect(answer.statusCode).toBe(200);
  const { url, expiresAt } = answer.json<{ url: string; expiresAt: string }>();
  return { url, expiresAt, token: new URL(url).searchParams.get('start')! };
}

const messagesOf = (t: TestApp, chatId: string) => t.database.db.select().from(telegramMessages).where(eq(telegramMessages.chatId, chatId));

describe('a customer links Telegram with a one-time /start link', () => {
  const clock = settableClock();
  const env: Record<string, string> = { TELEGRAM_WEBHOOK_SECRET: SECRET };
  const bot = useTelegramStandIn(env);
  const t = useTestApp(env, { clock });

  async function linked(chatId = CHAT) {
    clock.set(new Date());
    const customer = await registerCustomer(t.app);
    const { token } = await newLink(t, customer);
    bot.telegram.openChat(chatId);
    expect((await postUpdate(t, startUpdate(chatId, `/start ${token}`))).statusCode).toBe(200);
    return customer;
  }

  it('links the chat end to end: link, /start from Telegram, linked; the bot says so once', async () => {
    clock.set(new Date());
    const customer = await registerCustomer(t.app);
    expect((await statusOf(t, customer)).json()).toEqual({ enabled: true, demo: false, linked: false, linkedAt: null, demoMessages: [] });

    const { url, expiresAt, token } = await newLink(t, customer);
    expect(url).toBe(`https://t.me/streamplus_test_bot?start=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBe(30 * 60_000);
    // Only the token's hash is kept.
    const [stored] = await t.database.db.select().from(telegramLinkTokens).where(eq(telegramLinkTokens.customerId, customer.customer.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    bot.telegram.openChat(CHAT);
    const answer = await postUpdate(t, startUpdate(CHAT, `/start ${token}`));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    expect((await statusOf(t, customer)).json()).toMatchObject({ enabled: true, linked: true, linkedAt: clock.now().toISOString() });

    await t.services.jobs.drain();
    expect(bot.telegram.messages).toEqual([{ chatId: CHAT, text: LINKED_REPLY, options: { link_preview_options: { is_disabled: true } } }]);
  });

  it('does nothing for a replayed update, and refuses a used or expired token', async () => {
    clock.set(new Date());
    const customer = await registerCustomer(t.app);
    const { token } = await newLink(t, customer);
    bot.telegram.openChat(CHAT);
    bot.telegram.openChat('5550002');
    const update = startUpdate(CHAT, `/start ${token}`);
    expect((await postUpdate(t, update)).statusCode).toBe(200);
    expect((await postUpdate(t, update)).statusCode).toBe(200);
    // Used: another chat's /start with the same token links nothing.
    expect((await postUpdate(t, startUpdate('5550002', `/start ${token}`))).statusCode).toBe(200);
    const [chat] = await t.database.db.select().from(telegramChats).where(eq(telegramChats.customerId, customer.customer.id));
    expect(chat!.chatId).toBe(CHAT);

    // Expired: 30 minutes after it was made.
    const late = await newLink(t, customer);
    clock.set(new Date(clock.now().getTime() + 30 * 60_000 + 1));
    expect((await postUpdate(t, startUpdate('5550002', `/start ${late.token}`))).statusCode).toBe(200);
    expect((await t.database.db.select().from(telegramChats).where(eq(telegramChats.customerId, customer.customer.id)))[0]!.chatId).toBe(CHAT);

    await t.services.jobs.drain();
    // Jobs run in any order: the messages are compared sorted by chat.
    const posted = bot.telegram.messages.map((message) => [message.chatId, message.text]).sort(([a], [b]) => a!.localeCompare(b!));
    expect(posted).toEqual([
      [CHAT, LINKED_REPLY],
      ['5550002', REFUSED_REPLY],
      ['5550002', REFUSED_REPLY],
    ]);
  });

  it("tells a chat its id on /chatid, for the staff chat's setting", async () => {
    bot.telegram.openChat('-1009876543210');
    expect((await postUpdate(t, startUpdate('-1009876543210', '/chatid'))).statusCode).toBe(200);
    await t.services.jobs.drain();
    expect(bot.telegram.messages.map((message) => [message.chatId, message.text])).toEqual([
      ['-1009876543210', "This chat's id is -1009876543210. To get the store's staff alerts here, set TELEGRAM_CHAT_ID=-1009876543210."],
    ]);
  });

  it('answers 401 to an update with a wrong or missing secret, and takes nothing from it', async () => {
    clock.set(new Date());
    const customer = await registerCustomer(t.app);
    const { token } = await newLink(t, customer);
    for (const secret of [null, 'wrong-secret-of-the-right-length_0123', '']) {
      const answer = await postUpdate(t, startUpdate(CHAT, `/start ${token}`, 777), secret);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Wrong or missing X-Telegram-Bot-Api-Secret-Token.' });
    }
    expect(await t.database.db.select().from(telegramUpdates)).toEqual([]);
    expect((await statusOf(t, customer)).json()).toMatchObject({ linked: false });
    // The right secret with a body that is no update: a 400 with a message, never a 500.
    const junk = await postUpdate(t, { hello: 'world' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toEqual({ message: 'The body is not a Telegram update.' });
  });

  it('forgets update ids after a week and expired tokens after a day, and nothing sooner', async () => {
    const customer = await linked();
    const { token } = await newLink(t, customer);
    expect(await t.services.telegram.prune()).toEqual({ updates: 0, tokens: 0 });
    clock.set(new Date(clock.now().getTime() + 30 * 60_000 + DAY + 1));
    // The first token was used; the second expired: both are past any use a day after their expiry.
    expect(await t.services.telegram.prune()).toEqual({ updates: 0, tokens: 2 });
    expect((await postUpdate(t, startUpdate(CHAT, `/start ${token}`))).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 7 * DAY));
    expect(await t.services.telegram.prune()).toEqual({ updates: 2, tokens: 0 });
  });

  it('unlinks: the account shows not linked and the chat gets nothing more', async () => {
    const customer = await linked();
    const answer = await t.app.inject({ method: 'DELETE', url: '/api/customer/telegram', cookies: customer.cookies });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Telegram is unlinked. Messages now arrive by email only.' });
    expect((await statusOf(t, customer)).json()).toMatchObject({ linked: false, linkedAt: null });
    expect(await t.services.telegram.queueToCustomer(t.database.db, customer.customer.id, { text: 'hello', key: 'test:after-unlink' })).toBe(false);
    const signedOut = await t.app.inject({ method: 'DELETE', url: '/api/customer/telegram' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('reminders and renewal results mirrored to a linked chat', () => {
  const clock = settableClock();
  const env: Record<string, string> = { TELEGRAM_WEBHOOK_SECRET: SECRET };
  const bot = useTelegramStandIn(env);
  const t = useTestApp(env, { clock });

  it('writes one Telegram message with the reminder email, posted once although two instances deliver it', async () => {
    clock.set(new Date());
    const linkedCustomer = await paidSubscriber(t);
    const unlinkedCustomer = await paidSubscriber(t);
    const { token } = await newLink(t, linkedCustomer);
    bot.telegram.openChat(CHAT);
    await postUpdate(t, startUpdate(CHAT, `/start ${token}`));
    await t.services.jobs.drain();
    bot.telegram.reset();
    bot.telegram.openChat(CHAT);

    clock.set(new Date(linkedCustomer.subscription.expirationDate.getTime() - 2 * DAY));
    await t.services.renewalSchedule.runPass();
    const [reminder] = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, linkedCustomer.customer.email))).filter((mail) => mail.subject === REMINDER_SUBJECT);
    expect(reminder).toBeDefined();
    const mirrored = (await messagesOf(t, CHAT)).filter((message) => message.dedupeKey.startsWith('renewal-'));
    expect(mirrored).toHaveLength(1);
    expect(mirrored[0]!.dedupeKey).toBe(reminder!.dedupeKey);
    expect(mirrored[0]!.text.split('\n')[0]).toBe(REMINDER_SUBJECT);
    // The other customer linked nothing: their reminder is email only.
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, unlinkedCustomer.customer.email))).some((mail) => mail.subject === REMINDER_SUBJECT)).toBe(true);
    expect((await t.database.db.select().from(telegramMessages)).filter((message) => message.dedupeKey.startsWith('renewal-'))).toHaveLength(1);

    // A second instance on the same database, and both delivering at once.
    const other = createServices({ config: t.config, database: t.database, clientDir: null, clock });
    try {
      const outcomes = await Promise.all([
        t.services.telegram.deliver(mirrored[0]!.id),
        other.telegram.deliver(mirrored[0]!.id),
        t.services.telegram.deliver(mirrored[0]!.id),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
      await Promise.all([t.services.jobs.drain(), other.jobs.drain()]);
      // The pass again: the email and its message are not written twice.
      await t.services.renewalSchedule.runPass();
      await Promise.all([t.services.jobs.drain(), other.jobs.drain()]);
    } finally {
      await other.jobs.stop();
    }
    expect(bot.telegram.messages.map((message) => [message.chatId, message.text.split('\n')[0]])).toEqual([[CHAT, REMINDER_SUBJECT]]);
    const [sent] = await t.database.db.select().from(telegramMessages).where(eq(telegramMessages.id, mirrored[0]!.id));
    expect(sent).toMatchObject({ attempts: 1, lastError: null, sentAt: expect.any(Date) });
  });

  it("mirrors a renewal's receipt, and never a first order's confirmation", async () => {
    clock.set(new Date());
    const customer = await paidSubscriber(t);
    const { token } = await newLink(t, customer);
    bot.telegram.openChat(CHAT);
    await postUpdate(t, startUpdate(CHAT, `/start ${token}`));
    const { oneMonth } = await seededPackages(t.app);
    const renewal = await paidOrder(t, { packageId: oneMonth.id, customerId: customer.customer.id, email: customer.customer.email, renewsSubscriptionId: customer.subscription.id });
    await t.services.jobs.drain();
    const receipt = (await messagesOf(t, CHAT)).filter((message) => message.dedupeKey.startsWith('renewal-receipt:'));
    expect(receipt.map((message) => [message.dedupeKey, message.text.split('\n')[0]])).toEqual([[`renewal-receipt:${renewal.id}`, `Order Confirmation - ${renewal.id}`]]);
    expect((await messagesOf(t, CHAT)).filter((message) => message.dedupeKey.startsWith('order-confirmation:'))).toEqual([]);
    expect(bot.telegram.messages.map((message) => message.text.split('\n')[0]).sort()).toEqual([LINKED_REPLY, `Order Confirmation - ${renewal.id}`].sort());
  });

  it('keeps a message Telegram refused and posts it once Telegram answers again', async () => {
    clock.set(new Date());
    const customer = await registerCustomer(t.app);
    const { token } = await newLink(t, customer);
    bot.telegram.openChat(CHAT);
    bot.telegram.goDown('error');
    await postUpdate(t, startUpdate(CHAT, `/start ${token}`));
    await t.services.jobs.drain();
    const [reply] = await messagesOf(t, CHAT);
    expect(reply).toMatchObject({ sentAt: null, lastError: 'Telegram refused the message: 500 Internal Server Error' });
    bot.telegram.recover();
    await t.services.jobs.drain({ includeDelayed: true });
    expect(bot.telegram.messages.map((message) => message.text)).toEqual([LINKED_REPLY]);
  });
});

describe('staff alerts in the staff chat', () => {
  const stand = usePanelStandIn();
  const bot = useTelegramStandIn(stand.env);
  const t = useTestApp(stand.env);

  it('posts a provisioning that ran out of attempts, once, as HTML', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id });
    stand.panel.goDown('error');
    try {
      await t.services.jobs.drain({ includeDelayed: true });
    } finally {
      stand.panel.recover();
    }
    await t.services.jobs.drain({ includeDelayed: true });
    const alerts = bot.telegram.messages.filter((message) => message.chatId === TELEGRAM_TEST_BOT.chatId);
    expect(alerts).toHaveLength(1);
    const lines = alerts[0]!.text.split('\n');
    expect(lines[0]).toBe('<b>Provisioning failed</b> after 16 attempts');
    expect(lines[1]).toBe(`Order ${order.id}`);
    expect(lines.at(-1)).toBe('http://localhost:5000/admin?tab=orders');
    expect(alerts[0]!.options).toEqual({ link_preview_options: { is_disabled: true }, parse_mode: 'HTML' });
  });

  it("escapes a new ticket's values in its HTML", async () => {
    await t.database.db.transaction((tx) =>
      t.services.telegramAlerts.newTicket(tx, { id: 'ticket-1', number: 1042, subject: '<b>Free</b> channels & more', category: 'channels', email: 'a<b>@example.com' }),
    );
    await t.services.jobs.drain();
    expect(bot.telegram.messages.map((message) => message.text)).toEqual([
      '<b>New ticket #1042</b> (channels)\n&lt;b&gt;Free&lt;/b&gt; channels &amp; more\nFrom a&lt;b&gt;@example.com\nhttp://localhost:5000/admin?tab=support',
    ]);
  });
});

describe('support tickets in Telegram', () => {
  const env: Record<string, string> = { TELEGRAM_WEBHOOK_SECRET: SECRET };
  const bot = useTelegramStandIn(env);
  const t = useTestApp(env);

  it("posts a new ticket to the staff chat and a staff reply to the customer's linked chat, once each", async () => {
    const customer = await registerCustomer(t.app);
    const { token } = await newLink(t, customer);
    bot.telegram.openChat(CHAT);
    expect((await postUpdate(t, startUpdate(CHAT, `/start ${token}`))).statusCode).toBe(200);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      cookies: customer.cookies,
      payload: { category: 'account', subject: 'Change my email', message: 'Please move my account to a new address.' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { ticket } = opened.json<{ ticket: { id: string; number: number } }>();
    const admin = await signInAdmin(t);
    const replied = await t.app.inject({ method: 'POST', url: `/api/admin/tickets/${ticket.id}/messages`, cookies: admin, payload: { message: 'Done: check your new inbox.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    await t.services.jobs.drain();
    await t.services.jobs.drain();

    const staff = bot.telegram.messages.filter((message) => message.chatId === TELEGRAM_TEST_BOT.chatId);
    expect(staff.map((message) => message.text.split('\n')[0])).toEqual([`<b>New ticket #${ticket.number}</b> (account)`]);
    const toCustomer = bot.telegram.messages.filter((message) => message.chatId === CHAT && message.text !== LINKED_REPLY);
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.text).toContain('Done: check your new inbox.');
  });
});

describe('Telegram without TELEGRAM_BOT_TOKEN', () => {
  const clock = settableClock();
  const t = useTestApp({}, { clock });

  it('is off: the account sees nothing to link, the webhook takes nothing, reminders are email only', async () => {
    clock.set(new Date());
    const customer = await paidSubscriber(t);
    expect((await statusOf(t, customer)).json()).toEqual({ enabled: false, demo: false, linked: false, linkedAt: null, demoMessages: [] });
    const link = await t.app.inject({ method: 'POST', url: '/api/customer/telegram/link', cookies: customer.cookies });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({ message: 'Telegram is not available in this store.' });
    expect((await postUpdate(t, startUpdate(CHAT, '/start abc'))).statusCode).toBe(401);
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 2 * DAY));
    await t.services.renewalSchedule.runPass();
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.customer.email))).some((mail) => mail.subject === REMINDER_SUBJECT)).toBe(true);
    expect(await t.database.db.select().from(telegramMessages)).toEqual([]);
  });
});

describe('the demo bot (TELEGRAM_BOT_TOKEN=demo)', () => {
  const t = useTestApp({ TELEGRAM_BOT_TOKEN: 'demo' });

  it("links through the store's own Start button and lists the kept messages on the account", async () => {
    const customer = await registerCustomer(t.app);
    const { url, token } = await newLink(t, customer);
    expect(url).toBe(`http://localhost:5000/api/telegram/demo-start?start=${token}`);
    const start = await t.app.inject({ method: 'GET', url: `/api/telegram/demo-start?start=${token}` });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe('/account?telegram=linked');
    const again = await t.app.inject({ method: 'GET', url: `/api/telegram/demo-start?start=${token}` });
    expect(again.headers.location).toBe('/account?telegram=refused');
    await t.services.jobs.drain();
    const status = (await statusOf(t, customer)).json();
    expect(status).toMatchObject({ enabled: true, demo: true, linked: true });
    expect(status.demoMessages.map((message: { text: string }) => message.text)).toEqual([LINKED_REPLY]);
  });
});
