/**
 * The subscriptions' one window onto the catalog (decision 0084): a subscription is of a
 * package, so its name, duration and renewal price are facts of this feature's domain,
 * read in the same statement as the subscription (decision 0023), never written.
 */
export { packagesForReading as packages } from '#server/features/catalog/index';
