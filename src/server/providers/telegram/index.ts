import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config';
import { createTelegramBot } from './bot-api';
import { createDemoTelegram } from './demo-telegram';
import type { TelegramProvider } from './telegram-provider';

export type { TelegramProvider, TelegramUpdate } from './telegram-provider';
export { parseTelegramUpdate, TELEGRAM_SECRET_HEADER } from './updates';
export { DEMO_BOT_USERNAME } from './demo-telegram';

/** TELEGRAM_BOT_TOKEN's value that turns Telegram on with the demo twin, for a store shown offline (decision 0103). */
export const DEMO_BOT_TOKEN = 'demo';

/** The owner's bot when TELEGRAM_BOT_TOKEN is a bot's token, the demo twin otherwise (unset or `demo`). */
export function selectTelegramProvider(config: Config, logger?: FastifyBaseLogger): TelegramProvider {
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: chatId, TELEGRAM_API_URL: apiUrl } = config;
  return token && token !== DEMO_BOT_TOKEN ? createTelegramBot({ token, apiUrl, ...(chatId ? { chatId } : {}) }) : createDemoTelegram(logger);
}
