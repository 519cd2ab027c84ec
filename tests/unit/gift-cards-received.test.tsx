// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerOrder } from '../../src/contract/accounts';
import { GiftCardsReceived } from '../../src/client/features/account/GiftCardsReceived';

function order(overrides: Partial<CustomerOrder>): CustomerOrder {
  return {
    id: 'SP-1-1',
    giftCardReceived: true,
    giftCardCode: null,
    paymentStatus: 'completed',
    selectedGiftCard: 'Amazon',
    cashbackAmount: '10.00',
    createdAt: '2026-11-20T10:00:00Z',
    packageName: '1 Month Premium',
    totalAmount: '21.98',
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
});
