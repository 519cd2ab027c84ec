// The accounts feature's face (ARCHITECTURE.md "Layout"): customers, their sign-in and their emailed links.
export { createAccounts, type Accounts, type Caller, type NewAccount } from './service';
export { accountRoutes } from './routes';
export { findCustomer, resolveOrderCustomer, timeZoneOf } from './customers';
