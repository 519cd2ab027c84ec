import { isIpv4, isIpv6 } from './blocklist';

/**
 * The network a trial counts against (decision 0101): an IPv4 address's /24 and an IPv6
 * address's /48, the blocks one subscriber line or one small host is commonly given, so a
 * script cycling through a line's addresses meets one limit. An IPv4-mapped IPv6 address
 * (::ffff:203.0.113.9, as a dual-stack socket reports IPv4 callers) is the IPv4 address it
 * carries. Anything else (not an address) is its own network.
 */
export function trialNetwork(address: string): string {
  const text = address.trim().toLowerCase();
  if (isIpv4(text)) return `${text.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIpv6(text)) return text;
  const groups = ipv6Groups(text);
  if (isIpv4Mapped(groups)) return trialNetwork(`${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`);
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

const isIpv4Mapped = (groups: number[]) => groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;

/** The eight 16-bit groups of an address isIpv6 accepted, '::' expanded and a trailing IPv4 part made two groups. */
function ipv6Groups(text: string): number[] {
  const parse = (half: string) => {
    if (!half) return [];
    return half.split(':').flatMap((part) => {
      if (!part.includes('.')) return [parseInt(part, 16)];
      const [a, b, c, d] = part.split('.').map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const [head = '', tail] = text.split('::');
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
