// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutInput } from '../../src/contract/checkout';
import type { CheckoutFormValues } from '../../src/client/features/checkout/checkout-form';
import { GiftCardSection } from '../../src/client/features/checkout/GiftCardSection';
import { addMessages } from '../../src/client/lib/i18n';
import type { Locale } from '../../src/domain/locales';
import arCheckout from '../../src/messages/ar/checkout.json';
import enCheckout from '../../src/messages/en/checkout.json';
import ptCheckout from '../../src/messages/pt-BR/checkout.json';

/** Checkout's gift card section in the page's language, its cashback in dollars (decisions 0110, 0112). */
function Section() {
  const form = useForm<CheckoutFormValues, unknown, CheckoutInput>();
  return <GiftCardSection form={form} cashback="20.00" />;
}

/** The text exactly as written: the amounts' no-break spaces and direction marks are the point. */
const exactly = { normalizer: (text: string) => text };

function renderIn(locale: Locale, messages: Record<string, string>) {
  addMessages(locale, ['checkout'], messages);
  render(<Section />);
}

describe("checkout's gift card section in the page language", () => {
  afterEach(() => {
    cleanup();
    addMessages('en', [], {});
  });

  it('says its cashback sentence in English exactly as before', () => {
    renderIn('en', enCheckout);
    expect(screen.getByRole('heading', { name: 'Gift Card Cashback' })).toBeTruthy();
    expect(screen.getByText('Choose where your $20.00 cashback goes. The e-gift card is emailed within 1-2 hours of payment.', exactly)).toBeTruthy();
  });

  it('says it in Brazilian Portuguese with the cashback in US dollars', () => {
    renderIn('pt-BR', ptCheckout);
    expect(screen.getByRole('heading', { name: 'Cashback em vale-presente' })).toBeTruthy();
    expect(
      screen.getByText('Escolha para onde vai seu cashback de US$\u00a020,00. O vale-presente digital é enviado por e-mail em 1-2 horas após o pagamento.', exactly),
    ).toBeTruthy();
  });

  it('says it in Arabic with the amount isolated left to right', () => {
    renderIn('ar', arCheckout);
    expect(
      screen.getByText(
        'اختر أين يذهب استردادك النقدي بقيمة \u2066\u200f20.00\u00a0US$\u2069. تُرسل بطاقة الهدايا الإلكترونية بالبريد الإلكتروني خلال ساعة إلى ساعتين من الدفع.',
        exactly,
      ),
    ).toBeTruthy();
  });
});
