import type { FastifyBaseLogger } from 'fastify';
import type { TelegramProvider } from './telegram-provider';

/** The demo bot's name: its deep links lead to the store's own demo page instead of t.me (decision 0103). */
export const DEMO_BOT_USERNAME = 'demo';

/**
 * The demo twin (D7): a message is logged instead of posted, so every job runs as it would
 * for real, the row it delivers is the kept message, and the log shows what was due.
 */
export function createDemoTelegram(logger?: FastifyBaseLogger): TelegramProvider {
  const log = (chatId: string | null, text: string) => {
    logger?.info({ telegram: text, chatId }, 'Telegram message not posted (demo: TELEGRAM_BOT_TOKEN is unset or demo)');
    return Promise.resolve();
  };
  return {
    kind: 'demo',
    send: (text: string) => log(null, text),
    sendMessage: (chatId: string, text: string) => log(chatId, text),
    username: () => Promise.resolve(DEMO_BOT_USERNAME),
    setWebhook: () => Promise.resolve(),
  };
}
