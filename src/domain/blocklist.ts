/**
 * The blocklist's rules that need no I/O (decision 0099): the kinds of entry and whether a
 * written IP address or network is one. Pure, so the admin's form checks what the server
 * checks; the server then stores a network as PostgreSQL's `cidr` writes it.
 */

export const BLOCKLIST_KINDS = ['email', 'card', 'ip', 'mac'] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];

/** The one answer a refused buyer gets, whatever matched: which entry did is for staff only. */
export const BLOCKLIST_REFUSAL = 'We could not accept this order. Contact support.';

const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

export function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_PART.test(part));
}

/** Eight groups of up to four hex digits, one '::' standing for zero groups or more, the last two groups may be an IPv4 address. */
export function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const groups = [...groupsOf(halves[0]), ...groupsOf(halves[1])];
  const last = groups.at(-1);
  const endsInIpv4 = last !== undefined && last.includes('.');
  if (endsInIpv4 && !isIpv4(last)) return false;
  const hexGroups = endsInIpv4 ? groups.slice(0, -1) : groups;
  if (!hexGroups.every((group) => IPV6_GROUP.test(group))) return false;
  const count = hexGroups.length + (endsInIpv4 ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

/** An address alone, or a network as address/prefix ('203.0.113.0/24', '2001:db8::/32'); null when it is neither. */
export function parseIpOrNetwork(text: string): { address: string; prefix: number } | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const bits = isIpv4(address) ? 32 : isIpv6(address) ? 128 : 0;
  if (bits === 0) return null;
  if (prefixText === undefined) return { address: address.toLowerCase(), prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { address: address.toLowerCase(), prefix: Number(prefixText) };
}

/** A card provider's fingerprint of a card number: Stripe's are 16 letters and digits, the demo's 'demo_' and hex. */
export const CARD_FINGERPRINT = /^[A-Za-z0-9_-]{1,100}$/;
