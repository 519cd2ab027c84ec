import { z } from 'zod';
import { paragraphText } from './fields';

/**
 * The store's policies (decision 0097): the terms, the privacy policy and the refund policy,
 * each Markdown the owner edits in the admin, kept as numbered versions. A buyer's order
 * records the versions of the terms and the refund policy in force when it was placed.
 */
export const POLICY_NAMES = ['terms', 'privacy', 'refund-policy'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/** Each policy's title, as its page and the admin name it. */
export const POLICY_TITLES: Record<PolicyName, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  'refund-policy': 'Refund Policy',
};

/** The policies a buyer agrees to by paying, in the order the checkout's sentence names them. */
export const AGREED_POLICIES = ['terms', 'refund-policy'] as const satisfies readonly PolicyName[];

/** Long enough for any store's terms, short enough that one edit cannot fill the database. */
export const POLICY_MARKDOWN_MAX = 50_000;

export const POLICY_NOT_FOUND = 'Policy not found';

export const policyPaths = {
  page: (name: PolicyName) => `/${name}`,
  public: (name: PolicyName) => `/api/policies/${name}`,
  adminList: '/api/admin/policies',
  admin: (name: PolicyName) => `/api/admin/policies/${name}`,
} as const;

/**
 * A policy's name in a path. Any other text is a policy that does not exist (404), so the
 * params take any text and the route answers for an unknown one; see isPolicyName.
 */
export const policyParamsSchema = z.object({ name: z.string() });

export const isPolicyName = (name: string): name is PolicyName => (POLICY_NAMES as readonly string[]).includes(name);

/** GET /api/policies/:name, for anyone: the version in force, rendered safely on the server. */
export const publicPolicySchema = z.object({
  name: z.enum(POLICY_NAMES),
  title: z.string(),
  version: z.number().int(),
  /** HTML rendered from the Markdown with raw HTML off and only safe links: shown as it is. */
  html: z.string(),
  /** When this version was written; null for the store's default text (version 1 never edited). */
  updatedAt: z.string().nullable(),
});
export type PublicPolicy = z.infer<typeof publicPolicySchema>;

export const policyVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string().nullable(),
  /** The admin who wrote it; null for the store's default text. */
  createdBy: z.string().nullable(),
});

/** One policy as the admin edits it: its current Markdown and HTML, and every version, newest first. */
export const adminPolicySchema = publicPolicySchema.extend({
  markdown: z.string(),
  versions: z.array(policyVersionSchema),
});
export type AdminPolicy = z.infer<typeof adminPolicySchema>;
export const adminPolicyListSchema = z.array(adminPolicySchema);

/** PUT /api/admin/policies/:name: the new text, which becomes the next version. */
export const policyEditSchema = z.object({ markdown: paragraphText('Markdown', POLICY_MARKDOWN_MAX) });
export type PolicyEdit = z.infer<typeof policyEditSchema>;

/** A policy an order's buyer agreed to: the version and its text, as shown then. */
export const acceptedPolicySchema = z.object({
  name: z.enum(POLICY_NAMES),
  version: z.number().int(),
  markdown: z.string(),
  html: z.string(),
});
export type AcceptedPolicy = z.infer<typeof acceptedPolicySchema>;
