// The audit feature's face: every admin's state change writes its row through recordAdminAction, a customer's change to their own device through recordCustomerAction, in the change's transaction.
export { lastAdminAction, recordAdminAction, recordCustomerAction, type AuditActor, type CustomerActor } from './service';
