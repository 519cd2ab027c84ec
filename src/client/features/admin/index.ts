// The admin feature's face: the gate and sign-in of the admin pages, and their two dashboards.
export { CustomerManagement } from './customers/CustomerManagement';
export { OverviewDashboard } from './OverviewDashboard';
export { AdminGate } from './AdminGate';
export { AdminLoginForm } from './shared/AdminLoginForm';
