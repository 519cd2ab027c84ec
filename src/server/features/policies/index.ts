// The policies feature's face (decision 0097): the terms, privacy and refund policies as
// numbered versions of the owner's Markdown, rendered safely on the server; the pages' and the
// admin's routes; the versions in force for the order's insert, and the texts an order's buyer
// agreed to for the admin's order detail. Its edits are audited by workflows/admin-changes.ts.
export { policyRoutes, adminPolicyRoutes } from './routes';
export { appendPolicyVersion, currentVersionSql, policyTextsOf } from './policies';
