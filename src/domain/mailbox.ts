const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox however its address is written: lower case and without a +tag, and for Gmail
 * without dots and with googlemail.com read as gmail.com, since each of those spellings
 * reaches the same inbox. For rules that allow one of something per person (the trial).
 */
export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const written = address.slice(0, at);
  let local = written.split('+')[0] || written;
  let domain = address.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '') || local;
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * An address shown to someone who should recognise it but not learn it: the first character
 * of the mailbox, then '***', then the domain ('m***@example.com'). For the admin told whose
 * order they are about to move (docs/decisions/0037).
 */
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}
