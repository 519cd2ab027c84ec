import { z } from 'zod';
import { paragraphText } from './fields';
import { POLICY_NAMES } from './policy-paths';

/**
 * The store's policies (decision 0097): the terms, the privacy policy and the refund policy,
 * each Markdown the owner edits in the admin, kept as numbered versions. A buyer's order
 * records the versions of the terms and the refund policy in force when it was placed. The
 * names, titles and pages are policy-paths.ts's, which the storefront reads without zod.
 */

/** Long enough for any store's terms, short enough that one edit cannot fill the database. */
export const POLICY_MARKDOWN_MAX = 50_000;

export const POLICY_NOT_FOUND = 'Policy not found';

/**
 * A policy's name in a path. Any other text is a policy that does not exist (404), so the
 * params take any text and the route answers for an unknown one; see isPolicyName.
 */
export const policyParamsSchema = z.object({ name: z.string() });

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

/** POST /api/admin/policies/preview: the admin's draft rendered as its page would show it, stored nowhere. */
export const policyPreviewSchema = z.object({ html: z.string() });

/** A policy an order's buyer agreed to: the version and its text, as shown then. */
export const acceptedPolicySchema = z.object({
  name: z.enum(POLICY_NAMES),
  version: z.number().int(),
  markdown: z.string(),
  html: z.string(),
});
export type AcceptedPolicy = z.infer<typeof acceptedPolicySchema>;
