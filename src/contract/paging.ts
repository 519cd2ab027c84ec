/**
 * How a paged list answers (docs/decisions 0012): the body stays the spec's array and the
 * number of matching records is this header. Kept apart from the schemas so that the API
 * helper, which every page loads, reads it without loading zod.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
