/**
 * What a feature or workflow refuses, as a kind the edge understands (decision 0081): the
 * rules say what went wrong, the routes' error handler says which HTTP status that is.
 * The message is already the spec's wording, shown to the user as it is.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment_declined'
  | 'not_found'
  | 'conflict'
  /** The store will not deal with this buyer (a blocklist entry matched, decision 0099). */
  | 'refused'
  | 'too_many_attempts'
  | 'provider_failed';

export interface DomainErrorExtras {
  /** When the same request may succeed again (an attempt limit's window), in seconds. */
  retryAfterSeconds?: number;
  /** Fields the answer carries beside the message, for a refusal the caller can act on. */
  fields?: Record<string, unknown>;
  /** The failure behind this one (a provider's error), for the log only. */
  cause?: unknown;
}

export class DomainError extends Error {
  readonly retryAfterSeconds: number | undefined;
  readonly fields: Record<string, unknown>;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    { retryAfterSeconds, fields = {}, cause }: DomainErrorExtras = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'DomainError';
    this.retryAfterSeconds = retryAfterSeconds;
    this.fields = fields;
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthenticated = (message = 'Not authenticated') => new DomainError('unauthenticated', message);
export const paymentDeclined = (message: string) => new DomainError('payment_declined', message);
export const notFound = (message = 'Not found') => new DomainError('not_found', message);
/** The same words for every refusal of a blocked buyer; which entry matched is logged for staff only (decision 0099). */
export const refused = (message: string) => new DomainError('refused', message);
export const conflict = (message: string, fields: Record<string, unknown> = {}) => new DomainError('conflict', message, { fields });
/** A third party (the card provider, the device panel) failed; its error goes to the log, `message` to the user. */
export const providerFailed = (message: string, cause: unknown) => new DomainError('provider_failed', message, { cause });
