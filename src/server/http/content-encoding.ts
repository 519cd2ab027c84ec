/** The compressions of an answer the store keeps already made. */
export type KeptEncoding = 'br' | 'gzip';

/**
 * Which kept compression a caller's Accept-Encoding takes, or null for the plain text: the
 * coding it weighs highest (q), brotli on a tie as browsers rank it; a coding weighed q=0 is
 * refused, and `*` weighs every coding the header does not name.
 */
export function acceptedEncoding(header: string | undefined): KeptEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)).find(Boolean);
    weights.set(name.trim().toLowerCase(), q ? Number(q[1]) : 1);
  }
  const weight = (coding: KeptEncoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weight('br'), weight('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}
