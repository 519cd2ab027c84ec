// The audit feature's face: every admin's state change writes its row through recordAdminAction, a customer's change to their own device through recordCustomerAction, the store's own (the renewal pass) through recordStoreAction, in the change's transaction.
export { lastAdminAction, recordAdminAction, recordCustomerAction, recordStoreAction } from './service';
