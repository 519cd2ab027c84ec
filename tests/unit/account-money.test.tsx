// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BillingPayment } from '../../src/contract/billing';
import { BillingHistory } from '../../src/client/features/account/BillingHistory';
import { aroundAmount, formatAmount, paymentMethodWords, purchaseExtras, receiptLineWords } from '../../src/client/features/account/billing-view';
import { formatMessage } from '../../src/client/lib/format-message';
import { addMessages, t } from '../../src/client/lib/i18n';

/** The account's money in the page's language, each amount in its currency (decision 0104). */

const catalogue = (locale: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../src/messages/${locale}/billing.json`), 'utf8')) as Record<string, string>;

const payment: BillingPayment = {
  orderId: 'SP-1796383371810-505574',
  createdAt: '2026-11-20T10:00:00Z',
  description: 'Renewal: 36-Hour Free Trial (36 Hours), 2 devices',
  amount: '20.48',
  currency: 'EUR',
  paymentMethod: 'Card ending 4242',
  purchase: { packageName: '36-Hour Free Trial', packageDuration: '36 Hours', renewal: true, deviceCount: 2, setTopBoxes: 0 },
  method: 'card',
  cardLast4: '4242',
  status: 'partly_refunded',
  refundedAmount: '5.00',
  refunds: [{ amount: '5.00', createdAt: '2026-11-21T10:00:00Z' }],
};

function answering(body: unknown, ui: ReactNode) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  return render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
}

describe('amounts in their currency', () => {
  it('writes each amount as a reader of the page writes it, in its own currency', () => {
    expect(formatAmount('15.99', 'USD', 'en')).toBe('$15.99');
    expect(formatAmount('-2.20', 'USD', 'en')).toBe('-$2.20');
    expect(formatAmount('20.48', 'EUR', 'pt-BR')).toBe('€\u00a020,48');
    expect(formatAmount('79.99', 'BRL', 'pt-BR')).toBe('R$\u00a079,99');
    expect(formatAmount('10.00', 'USD', 'pt-BR')).toBe('US$\u00a010,00');
    expect(formatAmount('14.99', 'EUR', 'de')).toBe('14,99\u00a0€');
  });
});

describe('the billing words in Brazilian Portuguese', () => {
  beforeAll(() => addMessages('pt-BR', ['billing'], catalogue('pt-BR')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the extras, the payment method, the receipt lines and the refund around its amount', () => {
    expect(purchaseExtras(payment.purchase, formatMessage)).toEqual(['2 dispositivos']);
    expect(purchaseExtras({ ...payment.purchase, deviceCount: 1, setTopBoxes: 1 }, formatMessage)).toEqual(['1 decodificador']);
    expect(paymentMethodWords(payment, t, formatMessage)).toBe('Cartão final 4242');
    expect(paymentMethodWords({ method: 'card', cardLast4: null }, t, formatMessage)).toBe('Cartão');
    expect(paymentMethodWords({ method: 'crypto', cardLast4: null }, t, formatMessage)).toBe('Cripto');
    expect(receiptLineWords({ description: '2 extra devices', amount: '10.98', kind: 'extra_devices', count: 2, code: null }, formatMessage)).toBe('2 dispositivos extras');
    expect(receiptLineWords({ description: 'Coupon WELCOME10', amount: '-2.20', kind: 'coupon', count: 1, code: 'WELCOME10' }, formatMessage)).toBe('Cupom WELCOME10');
    expect(receiptLineWords({ description: '1 Month Premium (1 Month)', amount: '15.99', kind: 'package', count: 1, code: null }, formatMessage)).toBeNull();
    expect(aroundAmount('billing.refundedOn', { date: '21 de novembro de 2026' }, formatMessage)).toEqual(['Reembolsado ', ' em 21 de novembro de 2026']);
  });

  it('lists a EUR payment in euros, its package name kept whole, its date in Portuguese', async () => {
    answering([payment], <BillingHistory />);
    const item = await screen.findByTestId('billing-payment');
    expect(item.textContent).toContain('Renovação: 36-Hour Free Trial (36 Hours), 2 dispositivos');
    expect(item.querySelector('bdi')?.textContent).toBe('36-Hour Free Trial (36 Hours)');
    expect(item.textContent).toContain('€\u00a020,48');
    expect(item.textContent).toContain('Reembolsado €\u00a05,00 em 21 de novembro de 2026');
    expect(item.textContent).toContain('Cartão final 4242');
    expect(item.textContent).toContain('Reembolsado em parte');
    expect(item.textContent).not.toContain('$');
  });
});
