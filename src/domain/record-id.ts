/**
 * Whether a text is a uuid, the shape of the store's record ids: an address naming anything
 * else names no record (404, as a missing one), and never reaches a uuid column, which would
 * refuse it with an error rather than find nothing.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID.test(id);
