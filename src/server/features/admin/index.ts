// The admin feature's face: the store's administrators and the /api/admin routes.
export { createAdmins, ensureAdmin, MIN_ADMIN_PASSWORD_LENGTH, setAdminPassword, type AdminSignIn, type Admins } from './service';
export { createStaff, type Staff } from './staff';
export { adminRoutes } from './routes';
