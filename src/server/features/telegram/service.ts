import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { telegramChatIdReply, type TelegramLink, type TelegramStatus } from '#contract/telegram';
import { localeFromAcceptLanguage } from '#domain/locales';
import { localeOr, wordsIn } from '#server/lib/i18n/index';
import type { Config } from '#server/config';
import type { Db, DbOrTx } from '#server/db/connect';
import type { JobQueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import { DEMO_BOT_USERNAME, type TelegramProvider, type TelegramUpdate } from '#server/providers/telegram/index';
import { chatOf, insertLinkToken, linkChat, pruneLinkRows, takeUpdate, unlinkChat, useLinkToken } from './links';
import { claimMessage, insertCustomerMessage, insertMessage, markSent, newestMessagesTo, releaseClaim, unsentMessages, type NewTelegramMessage } from './messages';
import { inTransaction } from '#server/db/in-transaction';

/** The durable jobs of Telegram (D10), as mail's. */
const TELEGRAM_JOBS = {
  /** Posts one telegram_messages row; retried with backoff while Telegram fails. */
  deliver: 'deliver-telegram',
  /** Gives every message still due a delivery job (one lost or out of attempts). */
  sweep: 'sweep-unsent-telegram',
  /** Deletes update ids and link tokens past any use, hourly. */
  prune: 'prune-telegram-links',
} as const;

/** As mail's sweep (decision 0028): messages between a day and 2 minutes old; older ones are stale news. */
const SWEEP = { cron: '* * * * *', afterStartSeconds: 30, graceMs: 2 * 60_000, windowMs: 24 * 60 * 60_000, batch: 200 };
const SCHEDULED_POLICY = { retryLimit: 2, retryDelaySeconds: 30, concurrency: 1 };

/** The webhook's path, given to setWebhook. */
export const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';

/** The `/start` command with its payload; Telegram sends `/start <payload>` for a deep link https://t.me/<bot>?start=<payload>. */
const START_COMMAND = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/;
/** `/chatid`: the bot answers with the chat's id, which the owner sets as TELEGRAM_CHAT_ID for staff alerts. */
const CHAT_ID_COMMAND = /^\/chatid(?:@\w+)?$/;

export interface TelegramDeps {
  db: Db;
  provider: TelegramProvider;
  jobs: JobQueue;
  clock: Clock;
  config: Pick<Config, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_CHAT_ID' | 'TELEGRAM_WEBHOOK_SECRET' | 'SESSION_SECRET' | 'PUBLIC_URL'>;
  logger?: FastifyBaseLogger;
  /** The language a customer's messages are written in (decision 0107): the accounts feature's, given by services.ts. */
  customerLocale: (tx: DbOrTx, customerId: string) => Promise<string | null>;
}

/**
 * The customers' and staff's Telegram chats (decision 0103): one-time links by `/start
 * <token>`, each webhook update handled once by its update_id, and an outbox of messages
 * written in the transaction of their cause and posted by a durable job, once.
 */
export function createTelegram({ db, provider, jobs, clock, config, logger, customerLocale }: TelegramDeps) {
  const token = config.TELEGRAM_BOT_TOKEN;
  const enabled = Boolean(token);
  const demo = provider.kind === 'demo';
  const storeUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  // Derived when not set, so one setting turns Telegram on; every instance derives the same one.
  const webhookSecret = config.TELEGRAM_WEBHOOK_SECRET ?? createHmac('sha256', config.SESSION_SECRET).update(`telegram-webhook:${token ?? ''}`).digest('hex');

  /** Writes a message's delivery job in the message's transaction, so a commit never leaves one without the other. */
  async function withDelivery(tx: DbOrTx, id: string | null): Promise<boolean> {
    if (id) await jobs.sendInTransaction(tx, [{ name: TELEGRAM_JOBS.deliver, data: { messageId: id }, singletonKey: id }]);
    return id !== null;
  }

  /** Posts one message if this call claims it; a message sent, or held by another delivery, is left alone. */
  async function deliver(messageId: string): Promise<'sent' | 'not due'> {
    const message = await claimMessage(db, messageId);
    if (!message) return 'not due';
    try {
      await provider.sendMessage(message.chatId, message.text, { html: message.parseMode === 'html' });
    } catch (error) {
      await releaseClaim(db, messageId, error instanceof Error ? error.message : String(error));
      throw error;
    }
    await markSent(db, messageId);
    return 'sent';
  }

  /**
   * One update from the webhook, once: its update_id is recorded in the transaction that
   * acts on it, so a replay (Telegram retries until it gets a 200) finds it and does nothing.
   * `/start <token>` with a good token links the chat; the bot answers either way.
   */
  function handleUpdate(update: TelegramUpdate): Promise<'linked' | 'refused' | 'ignored' | 'replayed'> {
    return db.transaction(async (tx) => {
      if (!(await takeUpdate(tx, update.updateId))) return 'replayed';
      if (!update.chatId || !update.text) return 'ignored';
      // With the webhook set, getUpdates is closed: the bot tells a chat its id, for TELEGRAM_CHAT_ID.
      if (CHAT_ID_COMMAND.test(update.text.trim())) {
        await withDelivery(tx, await insertMessage(tx, update.chatId, { text: telegramChatIdReply(update.chatId), key: `telegram-chat-id:${update.updateId}` }));
        return 'ignored';
      }
      const start = START_COMMAND.exec(update.text.trim());
      if (!start?.[1]) return 'ignored';
      const now = clock.now();
      const customerId = await useLinkToken(tx, start[1], now);
      if (customerId) await linkChat(tx, customerId, update.chatId, now);
      // In the customer's language; a refused link in the language of the sender's Telegram app.
      const { t } = wordsIn(localeOr(customerId ? await customerLocale(tx, customerId) : localeFromAcceptLanguage(update.languageCode ?? undefined)));
      const reply = customerId ? t('telegram.linked') : t('telegram.linkRefused');
      await withDelivery(tx, await insertMessage(tx, update.chatId, { text: reply, key: `telegram-start:${update.updateId}` }));
      return customerId ? 'linked' : 'refused';
    });
  }

  jobs.work<{ messageId: string }>(TELEGRAM_JOBS.deliver, async ({ messageId }) => {
    await deliver(messageId);
  });
  jobs.work(
    TELEGRAM_JOBS.sweep,
    async () => {
      const now = Date.now();
      const due = await unsentMessages(db, { writtenAfter: new Date(now - SWEEP.windowMs), writtenBefore: new Date(now - SWEEP.graceMs), limit: SWEEP.batch });
      for (const { id } of due) await jobs.send(TELEGRAM_JOBS.deliver, { messageId: id }, { singletonKey: id, requeueFailed: true });
    },
    SCHEDULED_POLICY,
  );
  /** Update ids and tokens past any use go; the counts for the log. */
  const prune = () => pruneLinkRows(db, clock.now());
  jobs.work(
    TELEGRAM_JOBS.prune,
    async () => {
      logger?.info({ removed: await prune() }, 'Telegram link rows pruned');
    },
    SCHEDULED_POLICY,
  );
  if (enabled) {
    jobs.schedule(TELEGRAM_JOBS.sweep, SWEEP.cron, { afterStartSeconds: SWEEP.afterStartSeconds });
    jobs.schedule(TELEGRAM_JOBS.prune, '41 * * * *');
  }

  return {
    enabled,
    /** The demo twin: links through the store's own Start button, messages kept and listed on the account page. */
    demo,

    /** Whether `secret` is the webhook's (X-Telegram-Bot-Api-Secret-Token), compared in constant time. */
    isWebhookSecret(secret: string | undefined): boolean {
      if (!enabled || secret === undefined) return false;
      const given = Buffer.from(secret);
      const expected = Buffer.from(webhookSecret);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    async status(customerId: string): Promise<TelegramStatus> {
      if (!enabled) return { enabled: false, demo: false, linked: false, linkedAt: null, demoMessages: [] };
      const chat = await chatOf(db, customerId);
      const demoMessages = demo && chat ? await newestMessagesTo(db, chat.chatId, 10) : [];
      return {
        enabled,
        demo,
        linked: chat !== null,
        linkedAt: chat?.linkedAt.toISOString() ?? null,
        demoMessages: demoMessages.map((message) => ({ text: message.text, createdAt: message.createdAt.toISOString() })),
      };
    },

    /** A new one-time deep link for the customer; the demo's leads to the store's own stand-in for Telegram's Start button. */
    async startLink(customerId: string): Promise<TelegramLink> {
      const username = await provider.username();
      const { token: start, expiresAt } = await insertLinkToken(db, customerId, clock.now());
      const url = username === DEMO_BOT_USERNAME && demo ? `${storeUrl}/api/telegram/demo-start?start=${start}` : `https://t.me/${username}?start=${start}`;
      return { url, expiresAt: expiresAt.toISOString() };
    },

    unlink: (customerId: string) => unlinkChat(db, customerId),

    handleUpdate,

    /** The demo's Start button: an update as Telegram would post it, from a made-up chat. */
    demoStart(start: string) {
      const update = { updateId: 2 ** 40 + randomInt(2 ** 40), chatId: `demo-${randomUUID()}`, text: `/start ${start}` };
      return handleUpdate(update);
    },

    /** Writes a message to the customer's linked chat in `tx` (none linked, or Telegram off: nothing); true when written. */
    async queueToCustomer(tx: DbOrTx, customerId: string, message: NewTelegramMessage): Promise<boolean> {
      if (!enabled) return false;
      return inTransaction(db, tx, async (inTx) => withDelivery(inTx, await insertCustomerMessage(inTx, customerId, message)));
    },

    /** Writes a message to the staff chat (TELEGRAM_CHAT_ID) in `tx`; nothing without one. True when written. */
    async queueToStaff(tx: DbOrTx, message: NewTelegramMessage): Promise<boolean> {
      const staffChat = config.TELEGRAM_CHAT_ID;
      if (!enabled || !staffChat) return false;
      return inTransaction(db, tx, async (inTx) => withDelivery(inTx, await insertMessage(inTx, staffChat, message)));
    },

    /** Posts a message now unless another delivery holds it or it was sent: what the job runs. */
    deliver,
    /** What the hourly job runs. */
    prune,

    /**
     * At start-up: the queue installed before a transaction adds a delivery, and Telegram told
     * where updates go. Telegram refuses a webhook that is not https; that is logged, not fatal.
     */
    async prepare(): Promise<void> {
      if (!enabled) return;
      await jobs.ready();
      if (demo) return;
      await provider
        .setWebhook(`${storeUrl}${TELEGRAM_WEBHOOK_PATH}`, webhookSecret)
        .catch((err: unknown) => logger?.warn({ err }, 'Telegram did not take the webhook; updates will not arrive until it does'));
    },
  };
}

export type Telegram = ReturnType<typeof createTelegram>;
