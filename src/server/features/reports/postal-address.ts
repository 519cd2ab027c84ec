/** An address on one line, as the admin's order detail and orders.csv show it: the parts it has, in the usual order. */
export function postalAddress(parts: { street: string; city: string | null; state: string | null; zip: string | null; country: string }): string {
  const region = [parts.state, parts.zip].filter(Boolean).join(' ');
  return [parts.street, parts.city, region, parts.country].filter(Boolean).join(', ');
}
