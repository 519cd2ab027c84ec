import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { customers, rateLimits } from '../../src/server/schema';
import { loginCustomer, newRegistration, registerCustomer, sessionCookieOf } from '../support/customers';
import { useTestApp } from '../support/test-app';

// This file checks the stored hash's cost and that an unknown email takes as long as a wrong
// password: at the store's own cost, not the API suites' cheaper one (decision 0085).
vi.stubEnv('TEST_PASSWORD_HASHING', 'production');
// The worker's next file keeps its modules and its environment (decision 0086).
afterAll(() => vi.unstubAllEnvs());

describe('POST /api/register', () => {
  const t = useTestApp();

  it('creates the account, signs it in and answers the customer', async () => {
    const form = newRegistration({ email: '  Ada.L@Example.COM ' });
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: form });
    expect(response.statusCode).toBe(201);
    const { customer } = response.json();
    expect(customer).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada.l@example.com', phone: '+1 555 0100', hasAccount: true });
    expect(customer).not.toHaveProperty('password');

    const cookies = sessionCookieOf(response);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: customer.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.l@example.com',
      phone: '+1 555 0100',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      hasAccount: true,
      // No browser zone was sent: the store's (UTC in the tests) stands in (decision 0074).
      timeZone: 'UTC',
    });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('stores the password only as an argon2id hash with 19 MiB, 2 passes, 1 lane', async () => {
    const { customer } = await registerCustomer(t.app, { password: 'secret-words', confirmPassword: 'secret-words' });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.password).not.toContain('secret-words');
  });

  it('treats an empty phone as none', async () => {
    const { customer } = await registerCustomer(t.app, { phone: '' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: (await loginCustomer(t.app, customer.email, 'analytical-engine')).cookies });
    expect(me.json().phone).toBeNull();
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ firstName: '   ' }, 'First name is required'],
    [{ firstName: undefined }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: undefined }, 'Invalid email address'],
    [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ confirmPassword: '' }, 'Please confirm your password'],
    [{ confirmPassword: 'something-else' }, "Passwords don't match"],
    [{ signupType: 'premium' }, 'Account type must be account or trial'],
    [{ firstName: 'x'.repeat(51) }, 'First name must be at most 50 characters'],
    [{ firstName: 'Visit evil.com today' }, 'First name must not contain a web address'],
    [{ firstName: 'www.Evil' }, 'First name must not contain a web address'],
    [{ lastName: 'https://evil.example/win' }, 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes'],
    [{ lastName: 'mail me@evil' }, 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes'],
    [{ firstName: '<b>Ada</b>' }, 'First name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes'],
  ])('refuses %o with "%s"', async (change, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...newRegistration(), ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('accepts names of any script, with apostrophes, hyphens and dots', async () => {
    const names = [['José', "O'Brien"], ['Anne-Marie', 'St. John'], ['J. R. R.', 'Tolkien'], ['Zoë', 'D’Arcy'], ['李', '小龍'], ['Владимир', 'Набоков'], ['محمد', 'الخوارزمي']];
    for (const [firstName, lastName] of names) {
      const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ firstName, lastName }) });
      expect(response.statusCode, `${firstName} ${lastName}`).toBe(201);
      expect(response.json().customer).toMatchObject({ firstName, lastName });
    }
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const { customer } = await registerCustomer(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newRegistration({ email: customer.email.toUpperCase(), firstName: 'Eve' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'An account with this email already exists. Please sign in instead.' });
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, customer.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Ada');
  });

  it('creates one account when the same address registers many times at once', async () => {
    const form = newRegistration();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/register', payload: form })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, form.email));
    expect(rows).toHaveLength(1);
  });

  it('limits sign-ups from one address to 20 an hour', async () => {
    for (let i = 0; i < 20; i += 1) await registerCustomer(t.app);
    const refused = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    const otherAddress = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration(), remoteAddress: '10.0.0.9' });
    expect(otherAddress.statusCode).toBe(201);
  });
});

describe('POST /api/login', () => {
  const t = useTestApp();
  const password = 'analytical-engine';

  const login = (email: string, pass: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: pass }, remoteAddress });

  it('signs the customer in with a new session and answers the customer', async () => {
    const { customer } = await registerCustomer(t.app);
    const response = await login(customer.email.toUpperCase(), password);
    expect(response.statusCode).toBe(200);
    expect(response.json().customer).toMatchObject({ id: customer.id, firstName: 'Ada', email: customer.email });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: sessionCookieOf(response) });
    expect(me.json().id).toBe(customer.id);
  });

  it('gives the same refusal for an unknown email, a wrong password and an address without a password', async () => {
    const { customer } = await registerCustomer(t.app);
    await t.database.db.insert(customers).values({ email: 'guest@example.com', firstName: 'G', lastName: 'Uest', hasAccount: false });
    const answers = [
      await login('nobody@example.com', password),
      await login(customer.email, 'wrong-password'),
      await login('guest@example.com', password),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Invalid email or password' });
      expect(answer.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    const { customer } = await registerCustomer(t.app);
    const medianTime = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const started = performance.now();
        await login(email, 'wrong-password', `10.1.1.${i}`);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    await medianTime('warm-up@example.com');
    const unknown = await medianTime('nobody@example.com');
    const wrong = await medianTime(customer.email);
    // Both verify one argon2id hash; without the dummy hash the unknown email would answer in ~1 ms.
    expect(unknown).toBeGreaterThan(wrong / 3);
  });

  it.each([
    [{ email: 'nope', password }, 'Invalid email address'],
    [{ email: 'a@example.com', password: '123' }, 'Password must be at least 6 characters'],
    [{ email: 'a@example.com' }, 'Password must be at least 6 characters'],
    [{}, 'Invalid email address'],
  ])('refuses %o with "%s"', async (payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('slows a guess spread over many addresses without locking the owner out (decision 0013)', async () => {
    const { customer } = await registerCustomer(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(customer.email, 'wrong-password', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    }
    // The account is under attack: an address that failed on it has three tries in all.
    expect((await login(customer.email, 'wrong-password', '10.0.0.1')).statusCode).toBe(401);
    expect((await login(customer.email, 'wrong-password', '10.0.0.1')).statusCode).toBe(401);
    const slowed = await login(customer.email, 'wrong-password', '10.0.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(840);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(900);

    // The owner, from an address that has not failed on the account, signs in.
    expect((await login(customer.email, password, '10.0.1.1')).statusCode).toBe(200);
  });

  it('lets an address make no more than 3 of many concurrent guesses on an account under attack', async () => {
    const { customer } = await registerCustomer(t.app);
    for (let i = 0; i < 10; i += 1) await login(customer.email, 'wrong-password', `10.9.0.${i + 1}`);
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => login(customer.email, `guess-${i}-wrong`, '10.9.1.1')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });

  it('limits failed attempts from one address across accounts', async () => {
    const { customer } = await registerCustomer(t.app);
    for (let i = 0; i < 10; i += 1) await login(`victim${i}@example.com`, 'wrong-password', '192.0.2.7');
    const blocked = await login(customer.email, password, '192.0.2.7');
    expect(blocked.statusCode).toBe(429);
    expect((await login(customer.email, password, '192.0.2.8')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const { customer } = await registerCustomer(t.app);
    for (let i = 0; i < 15; i += 1) expect((await login(customer.email, password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) await login(customer.email, 'wrong-password');
    expect((await login(customer.email, password)).statusCode).toBe(200);
    // A success frees the account: nine more failures are still allowed.
    for (let i = 0; i < 9; i += 1) expect((await login(customer.email, 'wrong-password', '10.3.0.1')).statusCode).toBe(401);
    const [counter] = await t.database.db
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, `login:email:${customer.email}`)));
    expect(counter!.hits).toBe(9);
  });
});

describe('POST /api/logout and GET /api/auth/me', () => {
  const t = useTestApp();

  it('answers a guest 200 null, which logs no browser error on every visit', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toBeNull();
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('ends the session for good: the old cookie no longer signs in', async () => {
    const { cookies } = await registerCustomer(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', cookies });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })).json()).toBeNull();
  });

  it('answers logout without a session too', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });
});
