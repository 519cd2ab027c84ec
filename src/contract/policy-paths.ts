/**
 * The store's policies by name, title and page (decision 0097), apart from the schemas (like
 * admin-incident-paths.ts) so that the landing page's footer and checkout link to them without
 * loading zod.
 */
export const POLICY_NAMES = ['terms', 'privacy', 'refund-policy'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/** Each policy's title, as its page, the footer and the admin name it. */
export const POLICY_TITLES: Record<PolicyName, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  'refund-policy': 'Refund Policy',
};

/** A policy's page: /terms, /privacy, /refund-policy. */
export const policyPage = (name: PolicyName) => `/${name}`;

export const isPolicyName = (name: string): name is PolicyName => (POLICY_NAMES as readonly string[]).includes(name);
