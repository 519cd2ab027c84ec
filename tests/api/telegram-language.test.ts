import { describe, expect, it } from 'vitest';
import { registerCustomer } from '../support/customers';
import { useTelegramStandIn } from '../support/telegram-stand-in';
import { useTestApp, type TestApp } from '../support/test-app';

/** The bot's answer to /start in the customer's language (decision 0107), against the stand-in of the Bot API. */

const SECRET = 'webhook-secret-of-the-test-store_0123';
let nextUpdateId = 7000;
const startUpdate = (chatId: string, text: string, languageCode?: string) => ({
  update_id: nextUpdateId++,
  message: { message_id: 1, date: 1_800_000_000, chat: { id: Number(chatId), type: 'private' }, from: { id: Number(chatId), is_bot: false, first_name: 'Ada', ...(languageCode ? { language_code: languageCode } : {}) }, text },
});
const postUpdate = (t: TestApp, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/telegram/webhook', payload: body as object, headers: { 'x-telegram-bot-api-secret-token': SECRET } });

describe("the Telegram link's answer in the customer's language", () => {
  const env: Record<string, string> = { TELEGRAM_WEBHOOK_SECRET: SECRET };
  const bot = useTelegramStandIn(env);
  const t = useTestApp(env);

  it("answers a linked customer in their saved language, and a refused link in the Telegram app's", async () => {
    const customer = await registerCustomer(t.app, { locale: 'es' });
    const link = await t.app.inject({ method: 'POST', url: '/api/customer/telegram/link', cookies: customer.cookies });
    const token = new URL(link.json<{ url: string }>().url).searchParams.get('start')!;
    bot.telegram.openChat('6660001');
    expect((await postUpdate(t, startUpdate('6660001', `/start ${token}`, 'en'))).statusCode).toBe(200);
    bot.telegram.openChat('6660002');
    expect((await postUpdate(t, startUpdate('6660002', '/start not-a-token-of-this-store-at-all', 'de'))).statusCode).toBe(200);
    await t.services.jobs.drain();
    const texts = Object.fromEntries(bot.telegram.messages.map((message) => [message.chatId, message.text]));
    expect(texts['6660001']).toBe(
      'Tu cuenta de StreamPlus está vinculada. Los recordatorios de renovación, los resultados de las renovaciones y las respuestas a tus tickets de soporte ahora llegan también aquí, además de por correo.',
    );
    expect(texts['6660002']).toBe('Dieser Link ist abgelaufen oder wurde schon verwendet. Öffnen Sie Ihre StreamPlus-Kontoseite und wählen Sie erneut „Telegram verknüpfen“.');
  });
});
