import type { OrderRow } from './order-row';

/**
 * The address the order was placed from, where the store recorded one, for "Block this buyer"
 * (decision 0099). Orders do not record it yet: the column is another change's, and this one
 * function reads it once it is there. Until then no order has one.
 */
export function buyerAddressOf(_order: OrderRow): string | null {
  return null;
}
