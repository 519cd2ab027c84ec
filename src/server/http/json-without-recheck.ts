/**
 * A route's serializer that writes its answer with JSON.stringify alone, without zod's
 * encode, which checks and copies every field again (decision 0056). Only for an answer the
 * route builds key by key from typed rows, so that no unknown key can reach it; its API test
 * parses the answer with the route's schema and expects it unchanged.
 */
export const jsonWithoutRecheck = () => (data: unknown) => JSON.stringify(data);
