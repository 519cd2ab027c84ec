// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SignUpForm } from '../../src/client/features/auth/SignUpForm';
import { defaultFormValues } from '../../src/client/features/checkout/checkout-form';
import { checkoutResolver } from '../../src/client/features/checkout/checkout-validation';
import { refusalInPageLanguage } from '../../src/client/lib/form-refusals';
import { addMessages } from '../../src/client/lib/i18n';
import { showRefusal } from '../../src/client/lib/page-resolver';
import type { Locale } from '../../src/domain/locales';
import { translateRefusal } from '../../src/server/lib/i18n/index';
import arAuth from '../../src/messages/ar/auth.json';
import arErrors from '../../src/messages/ar/errors.json';
import arPayment from '../../src/messages/ar/payment.json';
import enAuth from '../../src/messages/en/auth.json';
import enErrors from '../../src/messages/en/errors.json';
import enPayment from '../../src/messages/en/payment.json';
import ptAuth from '../../src/messages/pt-BR/auth.json';
import ptErrors from '../../src/messages/pt-BR/errors.json';
import ptPayment from '../../src/messages/pt-BR/payment.json';

/**
 * The contract's zod messages under a form's fields in the page's language (decision 0115),
 * found in the errors area by their English words, as the server finds its refusals (0113).
 */
const speak = (locale: Locale, auth: Record<string, string>, errors: Record<string, string>) => addMessages(locale, ['auth', 'errors'], { ...auth, ...errors });

/** The messages under the sign-up form's fields after sending it empty. */
async function emptySignUp() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignUpForm />
    </QueryClientProvider>,
  );
  await user.click(document.querySelector<HTMLButtonElement>('button[type=submit]')!);
  await waitFor(() => expect(document.getElementById('firstName-error')).not.toBeNull());
  const messages = ['firstName', 'lastName', 'email', 'password'].map((field) => document.getElementById(`${field}-error`)?.textContent);
  cleanup();
  return messages;
}

describe("a form's refusals in the page language", () => {
  afterEach(cleanup);
  afterAll(() => {
    speak('en', enAuth, enErrors);
    addMessages('en', ['payment'], enPayment);
  });

  it('shows the spec\'s English on an English page', async () => {
    expect(await emptySignUp()).toEqual(['First name is required', 'Last name is required', 'Invalid email address', 'Password must be at least 6 characters']);
  });

  it('shows Brazilian Portuguese, the field named in Portuguese', async () => {
    speak('pt-BR', ptAuth, ptErrors);
    expect(await emptySignUp()).toEqual(['O campo “Nome” é obrigatório', 'O campo “Sobrenome” é obrigatório', 'Endereço de e-mail inválido', 'A senha deve ter pelo menos 6 caracteres']);
  });

  it('shows Arabic', async () => {
    speak('ar', arAuth, arErrors);
    expect(await emptySignUp()).toEqual(['الحقل «الاسم الأول» مطلوب', 'الحقل «اسم العائلة» مطلوب', 'عنوان البريد الإلكتروني غير صالح', 'يجب أن تتكون كلمة المرور من 6 أحرف على الأقل']);
  });

  it("refuses checkout's empty names in the page's language, the gift card's line too", async () => {
    const item = { id: 'pkg-3m', name: '3 Months Premium', duration: '3 Months', price: '39.99', cashback: '15.00', popular: false, features: [], deviceCount: 1, selectedGiftCard: '', quantity: 1 as const };
    const refusals = async () => {
      const { errors } = await checkoutResolver(true)(defaultFormValues(item, null), undefined, { fields: {}, shouldUseNativeValidation: false });
      return [errors.firstName?.message, errors.selectedGiftCard?.message];
    };
    speak('ar', arAuth, arErrors);
    addMessages('ar', ['payment'], arPayment);
    expect(await refusals()).toEqual(['الحقل «الاسم الأول» مطلوب', arPayment['payment.giftCardRequired']]);
    speak('pt-BR', ptAuth, ptErrors);
    addMessages('pt-BR', ['payment'], ptPayment);
    expect(await refusals()).toEqual(['O campo “Nome” é obrigatório', ptPayment['payment.giftCardRequired']]);
  });

  it('finds a sentence as the server does: one rule for both', async () => {
    speak('pt-BR', ptAuth, ptErrors);
    for (const message of ['ZIP code must be at most 20 characters', '12 Months Premium is not available in BRL', 'Device count is required', 'Something only an admin sees']) {
      expect(refusalInPageLanguage(message)).toBe(translateRefusal(message, 'pt-BR'));
    }
    // The demo card form's own rules (the contract's demoCardSchema).
    expect(["Your card's expiration date is incomplete.", "Your card's security code is incomplete."].map(refusalInPageLanguage)).toEqual([
      'A data de validade do seu cartão está incompleta.',
      'O código de segurança do seu cartão está incompleto.',
    ]);
    const shown = await new Promise((resolve) => showRefusal('MAC address is required', resolve));
    expect(shown).toBe('O endereço MAC é obrigatório');
  });
});
