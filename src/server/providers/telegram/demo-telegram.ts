import type { FastifyBaseLogger } from 'fastify';
import type { TelegramProvider } from './telegram-provider';

/**
 * The demo twin (D7): with no bot configured, an alert's message is logged instead of
 * posted, so the alert's job runs as it would for real and the log shows what was due.
 */
export function createDemoTelegram(logger?: FastifyBaseLogger): TelegramProvider {
  return {
    kind: 'demo',
    send(text: string) {
      logger?.info({ telegram: text }, 'Telegram message not posted (demo: TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are unset)');
      return Promise.resolve();
    },
  };
}
