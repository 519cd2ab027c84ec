import { z } from 'zod';
import type { TelegramUpdate } from './telegram-provider';

/** The header Telegram sends with each update: the secret_token given to setWebhook. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

// Only what the store reads; Telegram adds fields as it likes, and they are left alone.
const updateWire = z.object({
  update_id: z.number().int().nonnegative(),
  message: z
    .object({
      chat: z.object({ id: z.union([z.number().int(), z.string()]) }),
      text: z.string().optional(),
      // The sender's app language (an IETF tag such as 'pt-br'), which a refused link's answer is written in.
      from: z.object({ language_code: z.string().max(35).optional() }).optional(),
    })
    .optional(),
});

/** An update's body as the store reads it; null for a body that is not a Telegram update. */
export function parseTelegramUpdate(body: unknown): TelegramUpdate | null {
  const parsed = updateWire.safeParse(body);
  if (!parsed.success) return null;
  const { update_id: updateId, message } = parsed.data;
  return { updateId, chatId: message ? String(message.chat.id) : null, text: message?.text ?? null, languageCode: message?.from?.language_code ?? null };
}
