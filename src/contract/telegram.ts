import { z } from 'zod';

/** A customer's Telegram chat (decision 0103): the account page's card and its calls. */

/**
 * GET /api/customer/telegram. `enabled` false: the store has no bot (no TELEGRAM_BOT_TOKEN)
 * and the page shows nothing of Telegram. `demo`: the demo twin, whose messages are listed
 * here instead of reaching a chat.
 */
export const telegramStatusSchema = z.object({
  enabled: z.boolean(),
  demo: z.boolean(),
  linked: z.boolean(),
  linkedAt: z.string().nullable(),
  /** The demo twin's messages to this customer's chat, newest first; [] with a real bot. */
  demoMessages: z.array(z.object({ text: z.string(), createdAt: z.string() })),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;

/** POST /api/customer/telegram/link: the one-time deep link to open (https://t.me/<bot>?start=<token>) and when it stops working. */
export const telegramLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

export const TELEGRAM_OFF = 'Telegram is not available in this store.';
export const TELEGRAM_UNLINKED = 'Telegram is unlinked. Messages now arrive by email only.';
export const TELEGRAM_WRONG_SECRET = 'Wrong or missing X-Telegram-Bot-Api-Secret-Token.';

/** What the bot answers to `/start <token>` in the chat. */
export const TELEGRAM_LINKED_REPLY =
  'Your StreamPlus account is linked. Renewal reminders, renewal results and replies to your support tickets now arrive here too, as well as by email.';
export const TELEGRAM_LINK_REFUSED_REPLY = 'This link has expired or was already used. Open your StreamPlus account page and choose "Link Telegram" again.';
/** What the bot answers to `/chatid`: how the owner finds the staff chat's id once the webhook is set (getUpdates is then closed). */
export const telegramChatIdReply = (chatId: string) => `This chat's id is ${chatId}. To get the store's staff alerts here, set TELEGRAM_CHAT_ID=${chatId}.`;
