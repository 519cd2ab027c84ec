import type { CheckoutRequest } from '#contract/checkout';
import type { CheckoutFormValues } from './checkout-form';

/**
 * What a reload of /checkout keeps (decision 0076), in this tab's session storage: the
 * choices made on the form (devices, set-top boxes, gift card) and the order already placed,
 * as the request that placed it. No amount is kept: the page asks the server again, which
 * answers the same order within its replay window, priced by itself.
 */
const DRAFT_KEY = 'checkout-draft';
const PLACED_KEY = 'checkout-placed';

/** Which cart item a record belongs to: its package and, for a renewal, the subscription. */
export const draftOwner = (item: { id: string; renewsSubscriptionId?: string | null | undefined }) => `${item.id}|${item.renewsSubscriptionId ?? ''}`;

export type DraftValues = Pick<CheckoutFormValues, 'deviceCount' | 'selectedGiftCard' | 'setTopBoxes'>;

function read(key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isBoxList = (value: unknown): value is { mac: string }[] =>
  Array.isArray(value) && value.every((box: unknown) => typeof box === 'object' && box !== null && typeof (box as { mac?: unknown }).mac === 'string');

export function saveDraft(owner: string, values: Partial<DraftValues>): void {
  const boxes = (values.setTopBoxes ?? []).filter((box): box is { mac: string } => typeof box?.mac === 'string').map((box) => ({ mac: box.mac }));
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ owner, deviceCount: values.deviceCount, selectedGiftCard: values.selectedGiftCard, setTopBoxes: boxes }));
}

/** The form's kept choices for this item; only what reads as such. */
export function readDraft(owner: string): Partial<DraftValues> {
  const draft = read(DRAFT_KEY);
  if (draft?.owner !== owner) return {};
  return {
    ...(typeof draft.deviceCount === 'string' ? { deviceCount: draft.deviceCount } : {}),
    ...(typeof draft.selectedGiftCard === 'string' ? { selectedGiftCard: draft.selectedGiftCard } : {}),
    ...(isBoxList(draft.setTopBoxes) ? { setTopBoxes: draft.setTopBoxes } : {}),
  };
}

export function savePlacedOrder(request: CheckoutRequest, renewalEndsAt: string | null): void {
  const owner = draftOwner({ id: request.packageId, renewsSubscriptionId: request.renewsSubscriptionId });
  sessionStorage.setItem(PLACED_KEY, JSON.stringify({ owner, request, renewalEndsAt }));
}

export interface PlacedCheckout {
  request: CheckoutRequest;
  /** The renewed subscription's expiry when the order was placed, for the success message; null for other orders. */
  renewalEndsAt: string | null;
}

/** The request of the order placed for this item and not yet paid; the server checks all of it again. */
export function readPlacedOrder(owner: string): PlacedCheckout | null {
  const placed = read(PLACED_KEY);
  const request = placed?.request;
  if (placed?.owner !== owner || !request || typeof request !== 'object') return null;
  return { request: request as CheckoutRequest, renewalEndsAt: typeof placed.renewalEndsAt === 'string' ? placed.renewalEndsAt : null };
}

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'selectedGiftCard', 'shippingAddress', 'shippingCity', 'shippingState', 'shippingZip'] as const;

/** The form as the placed order's request filled it, to show (and edit) after a reload. */
export function formValuesOf(request: CheckoutRequest): Partial<CheckoutFormValues> {
  const values: Partial<CheckoutFormValues> = {};
  for (const field of TEXT_FIELDS) {
    const value = request[field];
    if (typeof value === 'string') values[field] = value;
  }
  if (typeof request.deviceCount === 'string' || typeof request.deviceCount === 'number') values.deviceCount = String(request.deviceCount);
  if (isBoxList(request.setTopBoxes)) values.setTopBoxes = request.setTopBoxes;
  if (typeof request.autoRenew === 'boolean') values.autoRenew = request.autoRenew;
  return values;
}

export function clearPlacedOrder(): void {
  sessionStorage.removeItem(PLACED_KEY);
}

/** The order is paid: nothing of it is to come back. */
export function clearCheckoutDraft(): void {
  sessionStorage.removeItem(DRAFT_KEY);
  sessionStorage.removeItem(PLACED_KEY);
}
