import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { outageSwitch, type Outage } from './outage';
import { standInServer } from './stand-in-server';

export interface StandInTelegramMessage {
  chatId: string;
  text: string;
  /** The request's other fields (link_preview_options), as sent. */
  options: Record<string, unknown>;
}

/**
 * A local stand-in of the Telegram Bot API on a real HTTP server: `POST /bot<token>/<method>`
 * for sendMessage (a JSON body `{ chat_id, text, ... }`), getMe and setWebhook, answered as
 * Telegram answers them: `{ ok: true, result }`, or `{ ok: false, error_code, description }`
 * for a token that is not the bot's (401 Unauthorized), a chat the bot is not in (400 Bad
 * Request: chat not found; the bot is in the staff chat and in each chat `openChat` adds, as
 * a user who pressed Start) or an empty text. It keeps the messages it took and the webhook
 * it was given, and can be down (goDown) until recover.
 */
export async function startTelegramStandIn({ token, chatId }: { token: string; chatId: string }) {
  const messages: StandInTelegramMessage[] = [];
  const chats = new Set([chatId]);
  let webhook: { url: string; secretToken: unknown } | null = null;
  const outage = outageSwitch({ ok: false, error_code: 500, description: 'Internal Server Error' });
  let nextMessageId = 1;

  const server = standInServer(answer);
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (outage.intercept(res)) return;
    if (match[1] !== token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      return send(400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON" });
    }
    if (match[2] === 'getMe') return send(200, { ok: true, result: { id: Number(token.split(':')[0]), is_bot: true, first_name: 'StreamPlus', username: TELEGRAM_TEST_BOT.username } });
    if (match[2] === 'setWebhook') {
      if (typeof body.url !== 'string' || !body.url.startsWith('https://')) return send(400, { ok: false, error_code: 400, description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook' });
      webhook = { url: body.url, secretToken: body.secret_token };
      return send(200, { ok: true, result: true, description: 'Webhook was set' });
    }
    if (match[2] !== 'sendMessage') return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    const { chat_id: to, text, ...options } = body;
    if (!chats.has(String(to))) return send(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    if (typeof text !== 'string' || text.trim() === '') return send(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    messages.push({ chatId: String(to), text, options });
    const message = { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: 'private' }, text };
    return send(200, { ok: true, result: message });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    /** The webhook setWebhook was last given, or null. */
    get webhook() {
      return webhook;
    },
    /** A user pressed Start in a private chat with the bot: it may post there. */
    openChat: (id: string) => chats.add(id),
    /** Every request answers 500, or hangs, until `recover`. */
    goDown: (mode: Outage) => outage.begin(mode),
    recover: () => outage.end(),
    reset() {
      messages.length = 0;
      chats.clear();
      chats.add(chatId);
      webhook = null;
      outage.end();
    },
    close: () => {
      outage.end();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TelegramStandIn = Awaited<ReturnType<typeof startTelegramStandIn>>;

export const TELEGRAM_TEST_BOT = { token: '7012345678:AAE-test-token-of-the-bot_0123', chatId: '-1001234567890', username: 'streamplus_test_bot' } as const;

/**
 * The Telegram stand-in for one test file: its settings are put in `env` (the URL before the
 * app is built, in beforeAll), and it is emptied before every test.
 */
export function useTelegramStandIn(env: Record<string, string>) {
  Object.assign(env, { TELEGRAM_BOT_TOKEN: TELEGRAM_TEST_BOT.token, TELEGRAM_CHAT_ID: TELEGRAM_TEST_BOT.chatId });
  let telegram: TelegramStandIn | undefined;
  beforeAll(async () => {
    telegram = await startTelegramStandIn(TELEGRAM_TEST_BOT);
    env.TELEGRAM_API_URL = telegram.url;
  });
  afterAll(() => telegram?.close());
  beforeEach(() => telegram?.reset());
  return {
    get telegram(): TelegramStandIn {
      if (!telegram) throw new Error('the Telegram stand-in starts in beforeAll');
      return telegram;
    },
  };
}
