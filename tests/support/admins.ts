import type { LightMyRequestResponse } from 'fastify';
import { setAdminPassword } from '../../src/server/features/admin/service';
import type { TestApp } from './test-app';

/** Admin helpers for API tests: an admin account, and its session cookie to pass to app.inject. */

export const TEST_ADMIN = { username: 'owner', password: 'owner-password-123' } as const;

export function adminCookieOf(response: LightMyRequestResponse): { asid: string } {
  const asid = response.cookies.find((cookie) => cookie.name === 'asid');
  if (!asid?.value) throw new Error(`no admin session cookie in the answer (${response.statusCode} ${response.body})`);
  return { asid: asid.value };
}

/** Creates the test admin and signs it in; returns the cookies of its session. */
export async function signInAdmin(t: TestApp): Promise<{ asid: string }> {
  await setAdminPassword(t.database.db, TEST_ADMIN.username, TEST_ADMIN.password);
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
  return adminCookieOf(response);
}
