/**
 * Support tickets' rules that need no I/O (decision 0102): categories, statuses, how long a
 * ticket may wait for its customer, and what an attachment's bytes say it is.
 */

export const TICKET_CATEGORIES = ['billing', 'device', 'channels', 'account', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_STATUSES = ['open', 'waiting', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A ticket waiting for its customer this long is resolved by the store. */
export const AUTO_RESOLVE_AFTER_MS = 7 * 24 * 60 * 60_000;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/**
 * The image type the bytes themselves say, or null: a file's name and its declared type are
 * the sender's word, the magic bytes are not (a PNG's 8-byte signature, JPEG's SOI marker,
 * WebP's RIFF....WEBP header).
 */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The calendar month a goodwill grant counts in, as the store's zone names it: '2027-02'. */
export function goodwillMonth(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}
