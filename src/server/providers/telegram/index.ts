import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config';
import { createTelegramBot } from './bot-api';
import { createDemoTelegram } from './demo-telegram';
import type { TelegramProvider } from './telegram-provider';

export type { TelegramProvider } from './telegram-provider';

/** The owner's bot when TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set (the configuration takes both or neither), the demo twin otherwise. */
export function selectTelegramProvider(config: Config, logger?: FastifyBaseLogger): TelegramProvider {
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: chatId, TELEGRAM_API_URL: apiUrl } = config;
  return token && chatId ? createTelegramBot({ token, chatId, apiUrl }) : createDemoTelegram(logger);
}
