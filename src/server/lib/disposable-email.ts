import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

/**
 * Whether an address's domain is a throwaway mail service's (decision 0101), from the
 * maintained list of disposable-email-domains-js (updated with the package, never by hand).
 * A subdomain of a listed domain is one too (x.mailinator.com): such services hand them out.
 * The set is built once: the package's own check rebuilds it on every call.
 */
let listed: Set<string> | null = null;

export function isDisposableEmail(email: string): boolean {
  listed ??= disposableEmailBlocklistSet();
  const domain = email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase().replace(/\.$/, '');
  const labels = domain.split('.');
  // Every suffix of two labels or more: a.b.mailinator.com, b.mailinator.com, mailinator.com.
  for (let start = 0; start <= labels.length - 2; start++) if (listed.has(labels.slice(start).join('.'))) return true;
  return false;
}
