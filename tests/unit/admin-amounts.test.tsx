// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminStats } from '../../src/contract/admin';
import { currencyFigures, dollars, formatAmount } from '../../src/client/features/admin/shared/admin-view';
import { RevenueByCurrency } from '../../src/client/features/admin/shared/RevenueByCurrency';

/** The admin's amounts in their currency (decision 0105): one helper, and the dashboard's panel per currency. */

const revenue: AdminStats['revenue'] = {
  total: '15.99',
  thisMonth: '15.99',
  paidOrders: 1,
  byCurrency: { USD: '15.99', EUR: '25.98', BRL: '12480.50' },
  thisMonthByCurrency: { USD: '15.99', EUR: '14.99', BRL: '0.00' },
  paidOrdersByCurrency: { USD: 1, EUR: 2, BRL: 1200 },
};

afterEach(cleanup);

describe('an amount in its currency', () => {
  it('writes each supported currency with its own symbol, in the English the admin reads', () => {
    expect(formatAmount('15.99', 'USD')).toBe('$15.99');
    expect(formatAmount('14.99', 'EUR')).toBe('€14.99');
    expect(formatAmount('79.90', 'BRL')).toBe('R$79.90');
    expect(formatAmount('12.99', 'GBP')).toBe('£12.99');
  });

  it('groups thousands, keeps the sign and totals past one order\'s eight digits, and shows any other text as it came', () => {
    expect(formatAmount('1234567890.50', 'EUR')).toBe('€1,234,567,890.50');
    expect(formatAmount('-5.00', 'BRL')).toBe('-R$5.00');
    expect(formatAmount('0.00', 'GBP')).toBe('£0.00');
    expect(formatAmount('N/A', 'EUR')).toBe('N/A');
    expect(dollars('12480.50')).toBe('$12,480.50');
  });
});

describe("the dashboard's revenue by currency", () => {
  it('gives one row per currency with revenue, USD first, never a sum across them', () => {
    expect(currencyFigures(revenue)).toEqual([
      { currency: 'USD', total: '$15.99', thisMonth: '$15.99', paidOrders: 1 },
      { currency: 'EUR', total: '€25.98', thisMonth: '€14.99', paidOrders: 2 },
      { currency: 'BRL', total: 'R$12,480.50', thisMonth: 'R$0.00', paidOrders: 1200 },
    ]);
    expect(currencyFigures({ ...revenue, byCurrency: { USD: '0.00' } })).toEqual([{ currency: 'USD', total: '$0.00', thisMonth: '$15.99', paidOrders: 1 }]);
  });

  it('shows the panel as a list of each currency, and a placeholder while the figures load', () => {
    const { rerender } = render(<RevenueByCurrency revenue={revenue} />);
    const panel = screen.getByRole('region', { name: 'Revenue by currency' });
    const entries = [...panel.querySelectorAll('dl > div')].map((entry) => [...entry.children].map((field) => field.textContent));
    expect(entries).toEqual([
      ['USD', '$15.99', 'This month $15.99 · 1 paid order'],
      ['EUR', '€25.98', 'This month €14.99 · 2 paid orders'],
      ['BRL', 'R$12,480.50', 'This month R$0.00 · 1,200 paid orders'],
    ]);
    rerender(<RevenueByCurrency revenue={undefined} />);
    expect(screen.getByRole('region', { name: 'Revenue by currency' }).querySelector('dl')).toBeNull();
  });
});
