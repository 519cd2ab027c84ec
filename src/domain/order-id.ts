export const ORDER_ID_PATTERN = /^SP-\d+-\d+$/;

/** Order ids look like SP-digits-digits: the time in ms, then six random digits. */
export function newOrderId(now: Date = new Date()): string {
  const random = globalThis.crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return `SP-${now.getTime()}-${String(random).padStart(6, '0')}`;
}
