// The reports feature's face: the admin's read-only lists, figures and exports, and the customer's billing history.
export { createReports } from './service';
export { billingRoutes } from './billing-routes';
// The panel-watch workflow's rate of the panel's credits (decision 0093).
export { devicesProvisioned } from './panel-usage';
// The account page's next charge is in the currency the subscription renews in (decision 0114).
export { renewalCurrenciesOf } from './renewals';
