// The blocklist feature's face (decision 0099): its one table, written through these functions in the caller's
// transaction; the one check every flow asks (findBlocklistMatch); and the admin's routes. The blocklist workflow
// joins it to the audit log, the orders and the payments.
export { blocklistPage, findBlocklistMatch, insertBlocklistEntry, removeBlocklistEntry, toBlocklistEntry, type BuyerFacts } from './entries';
export { adminBlocklistRoutes } from './routes';
