import type { TelegramProvider } from './telegram-provider';

/** A sendMessage gives up after this long; the alert's job is retried later (D10). */
export const TELEGRAM_TIMEOUT_MS = 10_000;

export interface TelegramBotOptions {
  /** The bot's token from @BotFather ('123456:ABC-...'): a secret, kept out of every error message. */
  token: string;
  /** The chat the bot posts to: a user's or group's id, or a channel's @name. */
  chatId: string;
  /** https://api.telegram.org, or a local stand-in in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** The Bot API's answer: `{ ok: true, result }`, or `{ ok: false, error_code, description }`. */
interface BotAnswer {
  ok?: boolean;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/**
 * The real Telegram provider: one POST of JSON to `{apiUrl}/bot{token}/sendMessage` per
 * message, plain text without link previews. Telegram's refusals (a wrong token, a chat the
 * bot may not post to, too many requests) and failures to answer throw, with Telegram's
 * description and without the token.
 */
export function createTelegramBot({ token, chatId, apiUrl, timeoutMs = TELEGRAM_TIMEOUT_MS }: TelegramBotOptions): TelegramProvider {
  const endpoint = `${apiUrl.replace(/\/+$/, '')}/bot${token}/sendMessage`;
  const withoutToken = (text: string) => text.split(token).join('[token]');

  return {
    kind: 'telegram',
    async send(text: string) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ chat_id: chatId, text, link_preview_options: { is_disabled: true } }),
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
        throw new Error(withoutToken(`Telegram refused the message: ${answer.error_code ?? response.status} ${answer.description ?? 'no description'}${retry}`));
      }
    },
  };
}
