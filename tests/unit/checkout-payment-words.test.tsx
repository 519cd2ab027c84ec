// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutInput } from '../../src/contract/checkout';
import { useToasts } from '../../src/client/components/ui/use-toast';
import type { CheckoutFormValues } from '../../src/client/features/checkout/checkout-form';
import { PaymentMethodSection } from '../../src/client/features/checkout/PaymentMethodSection';
import { useCoupon } from '../../src/client/features/checkout/use-coupon';
import { addMessages } from '../../src/client/lib/i18n';
import arCheckout from '../../src/messages/ar/checkout.json';
import arPayment from '../../src/messages/ar/payment.json';
import enCheckout from '../../src/messages/en/checkout.json';
import enPayment from '../../src/messages/en/payment.json';
import ptCheckout from '../../src/messages/pt-BR/checkout.json';
import ptPayment from '../../src/messages/pt-BR/payment.json';

/** Checkout's payment methods and coupon toasts in the page's language (decisions 0112, 0113); English as before. */
const CATALOGUES: Record<'en' | 'pt-BR' | 'ar', Record<string, string>> = {
  en: { ...enCheckout, ...enPayment },
  'pt-BR': { ...ptCheckout, ...ptPayment },
  ar: { ...arCheckout, ...arPayment },
};
const speak = (locale: keyof typeof CATALOGUES) => addMessages(locale, ['checkout', 'payment'], CATALOGUES[locale]);

function Methods() {
  const form = useForm<CheckoutFormValues, unknown, CheckoutInput>({ defaultValues: { paymentMethod: 'card' } });
  return <PaymentMethodSection form={form} disabled={false} renewal={null} />;
}

const text = (node: ReactNode) => (typeof node === 'string' ? node : '');

/** A EUR order's coupon box, reduced to its two calls, with its toasts written out. */
function Coupon() {
  const coupon = useCoupon({ packageId: 'pkg-1m', subtotal: 1499, deviceCount: 1, currency: 'EUR' });
  const toasts = useToasts();
  return (
    <>
      <button onClick={() => void coupon.apply('')}>empty</button>
      <button onClick={() => void coupon.apply('EURO30')}>euro</button>
      <output data-testid="toast">{toasts.filter((toast) => toast.open).map((toast) => `${text(toast.title)}|${text(toast.description)}`).join()}</output>
    </>
  );
}

async function couponToasts(): Promise<string[]> {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Coupon />
    </QueryClientProvider>,
  );
  const said: string[] = [];
  for (const button of ['empty', 'euro']) {
    const before = screen.getByTestId('toast').textContent;
    await act(async () => screen.getByRole('button', { name: button }).click());
    await waitFor(() => expect(screen.getByTestId('toast').textContent).not.toBe(before), { timeout: 5000 });
    said.push(screen.getByTestId('toast').textContent ?? '');
  }
  return said;
}

const methodLines = () => [...document.querySelectorAll('label span.font-semibold, label span.text-xs')].map((element) => element.textContent);

describe("checkout's payment words in the page language", () => {
  /** The server's answer to the coupon check: already in the page's language (decision 0113). */
  let refusal = { valid: false, error: '' };
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(refusal), { status: 200, headers: { 'Content-Type': 'application/json' } })))));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    addMessages('en', ['checkout', 'payment'], CATALOGUES.en);
  });

  it('names the payment methods in English as before, in Brazilian Portuguese and in Arabic', () => {
    const said: string[][] = [];
    for (const locale of ['en', 'pt-BR', 'ar'] as const) {
      speak(locale);
      render(<Methods />);
      said.push(methodLines());
      cleanup();
    }
    expect(said).toEqual([
      ['Credit or Debit Card', 'Activated within 24 hours', 'Cryptocurrency', 'USDC on Ethereum (ERC-20), activated within 1 hour'],
      ['Cartão de crédito ou débito', 'Ativado em até 24 horas', 'Criptomoeda', 'USDC na Ethereum (ERC-20), ativado em até 1 hora'],
      ['بطاقة ائتمان أو خصم', 'يُفعَّل خلال 24 ساعة', 'عملة مشفرة', 'USDC على شبكة Ethereum \u200f(ERC-20)، يُفعَّل خلال ساعة واحدة'],
    ]);
  });

  it("says the coupon toasts in English as before, the server's EUR minimum in its words", async () => {
    speak('en');
    refusal = { valid: false, error: 'This coupon requires an order of at least €30.00' };
    expect(await couponToasts()).toEqual(['Error|Please enter a coupon code', 'Invalid Coupon|This coupon requires an order of at least €30.00']);
  });

  it('says them in Brazilian Portuguese and Arabic', async () => {
    speak('pt-BR');
    refusal = { valid: false, error: 'Este cupom exige um pedido de pelo menos €\u00a030,00' };
    expect(await couponToasts()).toEqual(['Erro|Digite um código de cupom', 'Cupom inválido|Este cupom exige um pedido de pelo menos €\u00a030,00']);
    cleanup();
    speak('ar');
    refusal = { valid: false, error: '' };
    expect(await couponToasts()).toEqual(['خطأ|يرجى إدخال رمز القسيمة', 'قسيمة غير صالحة|رمز القسيمة هذا غير صالح']);
  });
});
