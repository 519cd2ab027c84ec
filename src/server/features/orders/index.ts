// The orders feature's face (ARCHITECTURE.md "Layout"): the only file other parts import.
// Every write to orders, shipments and purchase notifications goes through these functions.
export { createOrders, toOrderSummary, type Orders } from './service';
export * from './order-writes';
export { completeInTransaction, type CompletionResult } from './completion';
export type { ErrorLog, PaymentLog } from '#server/lib/logs';
export { findOrder, lockPaidOrder, type OrderRow } from './order-row';
export { paymentMismatch, type PaymentEvidence } from './payment-evidence';
export { SWEEP_GRACE_MS } from './unfinished';
export { keepRevenueDaysIn } from './revenue-days';
// The shipments of streaming box orders: every write to that table (./shipments.ts).
export { createShipment, markShipmentDelivered, moveCustomerShipments, moveOrderShipment, shipmentsOfSubscriptions, shippedBox, updateShipment } from './shipments';
export { ordersForReading } from './read-only';
// Each refund of an order, full or partial (decision 0036).
export type { OrderRefundRow } from './refunds';
export type { AuditChange, OpenedRefund, RefundAsk } from './admin-actions';
export type { GiftCardDeliveryChange } from './gift-cards';
// A card dispute's changes of its order, and the facts its evidence reads (decision 0100).
export { keptCardPaymentsBetween, markDisputeLost, markDisputeWon, markOrderDisputed, orderHistoryOf, orderOfPaymentIntent } from './disputes';
