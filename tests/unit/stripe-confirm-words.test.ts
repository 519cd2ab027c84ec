import type { Stripe } from '@stripe/stripe-js';
import { afterAll, describe, expect, it } from 'vitest';
import { addMessages } from '../../src/client/lib/i18n';
import { confirmWithStripe as confirm } from '../../src/client/lib/stripe-confirm';
import enPayment from '../../src/messages/en/payment.json';
import ptPayment from '../../src/messages/pt-BR/payment.json';

/** What Stripe.js answers in these tests: not loaded, a refusal without a message, an intent left unpaid. */
const stripe = { loaded: true, answer: {} as object };
const standIn = async () => (stripe.loaded ? ({ confirmCardPayment: async () => stripe.answer } as unknown as Pick<Stripe, 'confirmCardPayment'>) : null);
const confirmWithStripe = (key: string, secret: string) => confirm(key, secret, standIn);

/** The bank's challenge says the store's own sentences in the page's language (decision 0115); Stripe's come in Stripe's. */
describe('the 3-D Secure confirmation\'s own sentences', () => {
  afterAll(() => addMessages('en', ['payment'], enPayment));

  it('keeps English as it was', async () => {
    stripe.loaded = false;
    expect(await confirmWithStripe('pk', 'secret')).toBe('Stripe could not be loaded. Please try again.');
    stripe.loaded = true;
    stripe.answer = { error: {} };
    expect(await confirmWithStripe('pk', 'secret')).toBe('Your bank did not confirm the payment.');
    stripe.answer = { paymentIntent: { status: 'requires_payment_method' } };
    expect(await confirmWithStripe('pk', 'secret')).toBe('The payment is requires payment method.');
    stripe.answer = { error: { message: 'Your card was declined.' } };
    expect(await confirmWithStripe('pk', 'secret')).toBe('Your card was declined.');
    stripe.answer = { paymentIntent: { status: 'succeeded' } };
    expect(await confirmWithStripe('pk', 'secret')).toBeNull();
  });

  it('says them in Portuguese on a Portuguese page', async () => {
    addMessages('pt-BR', ['payment'], ptPayment);
    stripe.loaded = false;
    expect(await confirmWithStripe('pk', 'secret')).toBe('Não foi possível carregar o Stripe. Tente novamente.');
    stripe.loaded = true;
    stripe.answer = { error: {} };
    expect(await confirmWithStripe('pk', 'secret')).toBe('Seu banco não confirmou o pagamento.');
    stripe.answer = { paymentIntent: { status: 'requires_payment_method' } };
    expect(await confirmWithStripe('pk', 'secret')).toBe('O pagamento não foi concluído (Stripe: requires payment method).');
  });
});
