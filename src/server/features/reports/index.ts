// The reports feature's face: the admin's read-only lists, figures and exports.
export { createReports, type PageOf } from './service';
