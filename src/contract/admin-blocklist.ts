import { z } from 'zod';
import { BLOCKLIST_KINDS, CARD_FINGERPRINT, parseIpOrNetwork, type BlocklistKind } from '#domain/blocklist';
import { canonicalMailbox } from '#domain/mailbox';
import { adminListQuerySchema } from './admin';
import { instantField } from './dates';
import { macField } from './devices';
import { emailField, requiredText } from './fields';

/**
 * The blocklist shared by every instance (decision 0099): entries by email, card fingerprint,
 * IP address or network, and MAC address, each with a reason, an author and an optional
 * expiry, that checkout, trial sign-up, registration and device MAC changes refuse.
 */

export const BLOCKLIST_REASON_MAX = 500;
export const BLOCKLIST_ENTRY_NOT_FOUND = 'Blocklist entry not found';
export const BLOCKLIST_DUPLICATE = 'This entry is already on the blocklist';
export const BLOCKLIST_EXPIRY_PAST = 'The expiry must be in the future';
export const BLOCKLIST_IP_INVALID = 'Enter an IP address such as 203.0.113.7 or a network such as 203.0.113.0/24';
export const BLOCKLIST_CARD_INVALID = 'A card fingerprint is 1 to 100 letters, digits, _ and -';
/** How the author column names the store when it added an entry itself (a fraud warning). */
export const STORE_AUTHOR = 'Store';

export const BLOCKLIST_KIND_LABELS: Record<BlocklistKind, string> = {
  email: 'Email',
  card: 'Card fingerprint',
  ip: 'IP address or network',
  mac: 'MAC address',
};

const kindField = z.enum(BLOCKLIST_KINDS, { error: `kind must be one of ${BLOCKLIST_KINDS.join(', ')}` });
export const blocklistReasonField = requiredText('Reason', BLOCKLIST_REASON_MAX);

/** Each kind's value as written, normalised as the store compares it: a mailbox as the trial's rule reads it, a MAC upper case with colons. */
const valueOfKind: Record<BlocklistKind, z.ZodType<string, string>> = {
  email: emailField.transform(canonicalMailbox),
  card: z.string().trim().regex(CARD_FINGERPRINT, BLOCKLIST_CARD_INVALID),
  // The server stores the network as PostgreSQL's cidr writes it (host bits cleared).
  ip: z
    .string()
    .trim()
    .refine((text) => parseIpOrNetwork(text) !== null, BLOCKLIST_IP_INVALID)
    .transform((text) => {
      const { address, prefix } = parseIpOrNetwork(text)!;
      return `${address}/${prefix}`;
    }),
  mac: macField,
};

/** The message of the first problem of a value of this kind, or null: for the admin's form, which checks as the server does. */
export function blocklistValueProblem(kind: BlocklistKind, value: string): string | null {
  const parsed = valueOfKind[kind].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid value');
}

/** A value of this kind as the blocklist stores it, or null when it is not one (an order's recorded email, card, address). */
export function normalisedBlocklistValue(kind: BlocklistKind, value: string): string | null {
  const parsed = valueOfKind[kind].safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** POST /api/admin/blocklist: the value is checked and normalised for its kind; a bad CIDR ('10.0.0.0/33') is a 400. */
export const newBlocklistEntrySchema = z
  .object({
    kind: kindField,
    value: z.string({ error: 'Value is required' }).max(300, 'Value is too long'),
    reason: blocklistReasonField,
    expiresAt: instantField('expiresAt', '2027-01-31T00:00:00Z').nullish(),
  })
  .transform((entry, context) => {
    const parsed = valueOfKind[entry.kind].safeParse(entry.value);
    if (!parsed.success) {
      context.addIssue({ code: 'custom', path: ['value'], message: parsed.error.issues[0]?.message ?? 'Invalid value' });
      return z.NEVER;
    }
    return { kind: entry.kind, value: parsed.data, reason: entry.reason, expiresAt: entry.expiresAt ?? null };
  });
export type NewBlocklistEntryRequest = z.input<typeof newBlocklistEntrySchema>;
export type NewBlocklistEntry = z.output<typeof newBlocklistEntrySchema>;

export const blocklistEntrySchema = z.object({
  id: z.string(),
  kind: kindField,
  value: z.string(),
  reason: z.string(),
  /** The admin's username, or 'Store' for an entry the store added itself. */
  author: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Past its expiry: shown, and no longer applied. */
  expired: z.boolean(),
});
export type BlocklistEntry = z.infer<typeof blocklistEntrySchema>;
export const blocklistEntryListSchema = z.array(blocklistEntrySchema);

/** GET /api/admin/blocklist: newest first, narrowed to one kind. */
export const blocklistQuerySchema = adminListQuerySchema.extend({ kind: kindField.optional() });
export type BlocklistQuery = z.output<typeof blocklistQuerySchema>;

export const blocklistEntryParamsSchema = z.object({ id: z.uuid({ error: BLOCKLIST_ENTRY_NOT_FOUND }) });

/** DELETE /api/admin/blocklist/:id. */
export const blocklistRemovalSchema = z.object({ id: z.string(), message: z.string() });

/** POST /api/admin/orders/:orderId/block: the reason the owner types. */
export const blockBuyerRequestSchema = z.object({ reason: blocklistReasonField });

/** What "Block this buyer" made: the entries added, and each kind it could not (not known for this order, or already there). */
export const blockBuyerResponseSchema = z.object({
  orderId: z.string(),
  added: blocklistEntryListSchema,
  skipped: z.array(z.object({ kind: kindField, why: z.enum(['unknown', 'already_blocked']) })),
  message: z.string(),
});
export type BlockBuyerResponse = z.infer<typeof blockBuyerResponseSchema>;

/** What "Block this buyer" says it did: 'Blocked email and card; ip not known for this order'. */
export function toBlockBuyerMessage({ added, skipped }: Pick<BlockBuyerResponse, 'added' | 'skipped'>): string {
  const names = (kinds: BlocklistKind[]) => kinds.map((kind) => BLOCKLIST_KIND_LABELS[kind].toLowerCase()).join(', ');
  const parts = [added.length > 0 ? `Blocked ${names(added.map((entry) => entry.kind))}` : 'Nothing new blocked'];
  const already = skipped.filter((skip) => skip.why === 'already_blocked').map((skip) => skip.kind);
  const unknown = skipped.filter((skip) => skip.why === 'unknown').map((skip) => skip.kind);
  if (already.length > 0) parts.push(`already blocked: ${names(already)}`);
  if (unknown.length > 0) parts.push(`not known for this order: ${names(unknown)}`);
  return parts.join('; ');
}
