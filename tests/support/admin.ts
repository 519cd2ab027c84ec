/** The administrator the browser tests' store is started with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: 'store-owner', password: 'e2e-admin-password-42' } as const;
