// The reports feature's face: the admin's read-only lists, figures and exports, and the customer's billing history.
export { createReports } from './service';
export { billingRoutes } from './billing-routes';
