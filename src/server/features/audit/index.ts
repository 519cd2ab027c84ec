// The audit feature's face: every admin's state change writes its row through recordAdminAction, in the change's transaction.
export { lastAdminAction, recordAdminAction, type AuditActor } from './service';
