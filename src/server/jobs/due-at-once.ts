/**
 * When a job sent or put back "now" becomes due. pg-boss fetches a job only once its
 * start_after is strictly before now(), and the embedded database's clock ticks in whole
 * milliseconds: a job due at now() and fetched within the same millisecond (a woken worker,
 * a drain) was skipped until the next poll. So such a job is due a millisecond early.
 */
export const DUE_AT_ONCE_SQL = `now() - interval '1 millisecond'`;

/** The same, as pg-boss's startAfter: an interval added to now() in its insert. */
export const DUE_AT_ONCE_START_AFTER = '-0.001 seconds';
