// The accounts feature's face (ARCHITECTURE.md "Layout"): customers, their sign-in and the password links they are due.
export { createAccounts, type Accounts, type Caller, type IssuedLink, type NewAccount } from './service';
export { accountRoutes } from './routes';
export { customerHasPassword, findAccountByEmail, findCustomer, resolveOrderCustomer, timeZoneOf } from './customers';
export { removeGuest } from './email-proof';
export { ownerOfAddress, type OrderAccountDetails } from './order-account';
export { hasUsableSetupLink } from './setup-tokens';
