/**
 * The store's Telegram bot (decisions 0093, 0103): the owner's alerts to the staff chat, a
 * customer's messages to the chat they linked, and the bot's own set-up, through the Bot
 * API (the real bot) or the demo twin (D7), which posts nothing.
 */
export interface TelegramProvider {
  /** 'telegram' posts for real; 'demo' only logs what it would post. */
  readonly kind: 'telegram' | 'demo';
  /** Posts `text` to the staff chat (TELEGRAM_CHAT_ID), if there is one; throws when Telegram does not take it, so the sending job retries. */
  send(text: string): Promise<void>;
  /** Posts one message to a chat, as plain text or Telegram HTML; throws when Telegram does not take it. */
  sendMessage(chatId: string, text: string, options?: { html?: boolean }): Promise<void>;
  /** The bot's username (getMe), for its deep links: https://t.me/<username>?start=<token>. */
  username(): Promise<string>;
  /** Tells Telegram where to post updates, and the secret it sends with each one (setWebhook). */
  setWebhook(url: string, secretToken: string): Promise<void>;
}

/** What the store reads of one update: a message's text in a private chat or group, by its update_id. */
export interface TelegramUpdate {
  updateId: number;
  /** The chat the message came from; null for updates that are not messages (edits, button presses). */
  chatId: string | null;
  text: string | null;
  /** The sender's app language as Telegram names it ('es', 'pt-br'); null when not given (decision 0107). */
  languageCode?: string | null;
}
