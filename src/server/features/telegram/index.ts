// The telegram feature's face (decision 0103): customers' linked chats, the webhook's updates each taken once,
// and the Telegram outbox, posted by a durable job. Which emails are mirrored there is the telegram workflow's.
export { createTelegram, type Telegram } from './service';
export { telegramAccountRoutes, telegramWebhookRoutes } from './routes';
