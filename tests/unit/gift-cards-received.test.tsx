// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerOrder } from '../../src/contract/accounts';
import { GiftCardsReceived } from '../../src/client/features/account/GiftCardsReceived';
import { addMessages } from '../../src/client/lib/i18n';

function order(overrides: Partial<CustomerOrder>): CustomerOrder {
  return {
    id: 'SP-1-1',
    giftCardReceived: true,
    giftCardCode: null,
    paymentStatus: 'completed',
    selectedGiftCard: 'Amazon',
    cashbackAmount: '10.00',
    cashbackCurrency: 'USD',
    createdAt: '2026-11-20T10:00:00Z',
    packageName: '1 Month Premium',
    totalAmount: '21.98',
    currency: 'USD',
    deviceCount: 2,
    ...overrides,
  };
}

describe("the account's Gift Cards Received", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the code the store gave with a card, and no code line for a card without one', async () => {
    const orders = [order({ id: 'SP-1-1', giftCardCode: 'AMZN-4242-XYZ' }), order({ id: 'SP-1-2', selectedGiftCard: 'Target' })];
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(orders), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <GiftCardsReceived />
      </QueryClientProvider>,
    );
    const [amazon, target] = await screen.findAllByRole('listitem');
    expect(within(amazon!).getByText('Amazon')).toBeTruthy();
    expect(amazon!.textContent).toContain('Code: AMZN-4242-XYZ');
    expect(within(target!).getByText('Target')).toBeTruthy();
    expect(target!.textContent).not.toContain('Code:');
  });

  it('shows the cashback of a BRL order in US dollars, in Brazilian Portuguese (decision 0110)', async () => {
    addMessages('pt-BR', ['billing'], JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../src/messages/pt-BR/billing.json'), 'utf8')) as Record<string, string>);
    const orders = [order({ totalAmount: '79.99', currency: 'BRL' })];
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(orders), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <GiftCardsReceived />
      </QueryClientProvider>,
    );
    const [amazon] = await screen.findAllByRole('listitem');
    const card = screen.getByTestId('gift-cards-received');
    expect(card.textContent).toContain('Cartões-presente recebidos');
    expect(amazon!.textContent).toContain('US$\u00a010,00');
    expect(amazon!.textContent).not.toContain('R$');
    // The package's name stays whole inside a right-to-left line.
    expect(amazon!.querySelector('bdi')?.textContent).toBe('1 Month Premium');
  });
});
