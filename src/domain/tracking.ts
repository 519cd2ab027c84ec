/**
 * Which carrier a tracking number belongs to, read from its shape, and that carrier's public
 * tracking page. Pure. A number no pattern knows gets no link: the admin still sees and
 * sends it as text, never a link to the wrong carrier.
 *
 * The patterns are tried in this order, and no number matches two of them:
 * 1. UPS: '1Z', then 16 letters or digits. The only one with letters after a fixed prefix.
 * 2. USPS: 20 to 22 digits (the 9400/9205/9270... forms are 22), or the international
 *    form of two letters, nine digits and 'US' (EA123456789US).
 * 3. FedEx: 12 or 15 digits (Express and Ground).
 * 4. DHL: 10 digits (Express waybills).
 * The digits-only patterns differ by length (10, 12 or 15, 20-22), so the order matters only
 * for readability. FedEx SmartPost numbers of 20-22 digits read as USPS, which delivers them.
 */

export type Carrier = 'UPS' | 'USPS' | 'FedEx' | 'DHL';

const PATTERNS: ReadonlyArray<readonly [Carrier, RegExp]> = [
  ['UPS', /^1Z[0-9A-Z]{16}$/],
  ['USPS', /^(?:\d{20,22}|[A-Z]{2}\d{9}US)$/],
  ['FedEx', /^(?:\d{12}|\d{15})$/],
  ['DHL', /^\d{10}$/],
];

const TRACKING_PAGES: Record<Carrier, (number: string) => string> = {
  UPS: (number) => `https://www.ups.com/track?tracknum=${number}`,
  USPS: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  FedEx: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  DHL: (number) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${number}`,
};

/** 'UPS' and its tracking page for '1Z 999A A101 2345 6784'; null for a number of no known shape. */
export function trackingLink(trackingNumber: string): { carrier: Carrier; url: string } | null {
  // As printed on labels: groups separated by spaces or dashes, any case.
  const number = trackingNumber.replace(/[\s-]/g, '').toUpperCase();
  const found = PATTERNS.find(([, pattern]) => pattern.test(number));
  return found ? { carrier: found[0], url: TRACKING_PAGES[found[0]](number) } : null;
}
