import type { TelegramProvider } from './telegram-provider';

/** A Bot API call gives up after this long; the message's job is retried later (D10). */
export const TELEGRAM_TIMEOUT_MS = 10_000;

export interface TelegramBotOptions {
  /** The bot's token from @BotFather ('123456:ABC-...'): a secret, kept out of every error message. */
  token: string;
  /** The staff chat the owner's alerts go to: a user's or group's id, or a channel's @name; none: alerts are not posted. */
  chatId?: string;
  /** https://api.telegram.org, or a local stand-in in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** The Bot API's answer: `{ ok: true, result }`, or `{ ok: false, error_code, description }`. */
interface BotAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/**
 * The real Telegram provider: one POST of JSON to `{apiUrl}/bot{token}/{method}` per call;
 * messages without link previews. Telegram's refusals (a wrong token, a chat the bot may not
 * post to, too many requests) and failures to answer throw, with Telegram's description and
 * without the token.
 */
export function createTelegramBot({ token, chatId, apiUrl, timeoutMs = TELEGRAM_TIMEOUT_MS }: TelegramBotOptions): TelegramProvider {
  const base = `${apiUrl.replace(/\/+$/, '')}/bot${token}`;
  const withoutToken = (text: string) => text.split(token).join('[token]');
  let username: string | null = null;

  async function call(method: string, body: Record<string, unknown>, refused: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as Error).cause as { code?: unknown } | undefined;
      const why = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
      throw new Error(withoutToken(`Telegram unreachable: ${(error as Error).message}${why}`));
    }
    let answer: BotAnswer;
    try {
      answer = (await response.json()) as BotAnswer;
    } catch {
      throw new Error(`Telegram answered HTTP ${response.status} with something other than JSON`);
    }
    if (!response.ok || answer.ok !== true) {
      const retry = answer.parameters?.retry_after ? `; retry after ${answer.parameters.retry_after} s` : '';
      throw new Error(withoutToken(`${refused}: ${answer.error_code ?? response.status} ${answer.description ?? 'no description'}${retry}`));
    }
    return answer.result;
  }

  const sendMessage = async (to: string, text: string, { html = false }: { html?: boolean } = {}) => {
    await call('sendMessage', { chat_id: to, text, link_preview_options: { is_disabled: true }, ...(html ? { parse_mode: 'HTML' } : {}) }, 'Telegram refused the message');
  };

  return {
    kind: 'telegram',
    // No staff chat: the owner chose not to have alerts posted; the job has nothing to do.
    send: (text: string) => (chatId ? sendMessage(chatId, text) : Promise.resolve()),
    sendMessage,
    async username() {
      if (username) return username;
      const me = (await call('getMe', {}, 'Telegram refused getMe')) as { username?: unknown } | undefined;
      if (typeof me?.username !== 'string' || me.username === '') throw new Error('Telegram answered getMe without a username');
      username = me.username;
      return username;
    },
    async setWebhook(url: string, secretToken: string) {
      await call('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] }, 'Telegram refused the webhook');
    },
  };
}
