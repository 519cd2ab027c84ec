import { describe, expect, it } from 'vitest';
import {
  AWAITING_PAYMENT,
  canBecome,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  refusedTransition,
  statusesBefore,
  type OrderStatus,
} from '../../src/domain/order-status';

/** The whole machine, row by row: from -> the statuses it may become (docs/decisions/0004, 0021). */
const EXPECTED: Record<OrderStatus, OrderStatus[]> = {
  pending: ['completed', 'failed', 'needs_review'],
  failed: ['completed', 'failed', 'needs_review'],
  needs_review: ['completed', 'needs_review', 'refunded'],
  completed: ['refunded', 'disputed', 'disputed_lost'],
  refunded: [],
  // A dispute (decision 0100): won, the order is completed again; lost, it stays lost.
  disputed: ['completed', 'disputed_lost'],
  disputed_lost: [],
};

describe('the order status table', () => {
  it('names every status, and only statuses, on both sides', () => {
    expect(Object.keys(ORDER_STATUS_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_STATUS_TRANSITIONS)) for (const to of targets) expect(ORDER_STATUSES).toContain(to);
  });

  it.each(ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const)))('%s -> %s is allowed only as the table says', (from, to) => {
    expect(canBecome(from, to)).toBe(EXPECTED[from].includes(to));
  });

  it('guards each change by the statuses that may become its target', () => {
    expect(statusesBefore('completed')).toEqual(['pending', 'failed', 'needs_review', 'disputed']);
    expect(statusesBefore('disputed')).toEqual(['completed']);
    expect(statusesBefore('disputed_lost')).toEqual(['completed', 'disputed']);
    expect(statusesBefore('failed')).toEqual(['pending', 'failed']);
    expect(statusesBefore('needs_review')).toEqual(['pending', 'failed', 'needs_review']);
    expect(statusesBefore('refunded')).toEqual(['completed', 'needs_review']);
    expect(statusesBefore('pending')).toEqual([]);
  });

  it('never moves a refunded order, never undoes a payment, and lets nothing become pending again', () => {
    expect(ORDER_STATUS_TRANSITIONS.refunded).toEqual([]);
    expect(ORDER_STATUSES.filter((to) => canBecome('completed', to))).toEqual(['refunded', 'disputed', 'disputed_lost']);
    expect(ORDER_STATUS_TRANSITIONS.disputed_lost).toEqual([]);
    expect(ORDER_STATUSES.filter((from) => canBecome(from, 'pending'))).toEqual([]);
  });

  it('refuses statuses it does not know', () => {
    expect(canBecome('honoured', 'completed')).toBe(false);
    expect(canBecome('', 'refunded')).toBe(false);
  });

  it('says which order, what it is and what it cannot become', () => {
    expect(refusedTransition('SP-1-000001', 'refunded', 'completed')).toBe('Order SP-1-000001 is refunded and cannot become completed');
  });

  it('counts pending and failed orders as still awaiting their payment', () => {
    expect(AWAITING_PAYMENT).toEqual(['pending', 'failed']);
  });
});
