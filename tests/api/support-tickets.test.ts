import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { orders, supportTickets } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { placeTestOrder, registerCustomer } from '../support/customers';
import { ownerWithDevices } from '../support/devices';
import { useTestApp } from '../support/test-app';
import { imageBytes, multipart, ticketLinkIn, ticketMails } from '../support/tickets';

/**
 * Support tickets (decision 0102): a signed-in customer's and a guest's, attachments known by
 * their bytes, HTML kept as text, the staff's replies emailed, a customer's reply reopening,
 * the 7-day auto-resolve and a rating given once.
 */
const NOW = '2027-03-01T10:00:00.000Z';
const HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)">';

describe('support tickets', () => {
  const clock = settableClock(NOW);
  const t = useTestApp({}, { clock });
  let admin: { asid: string };
  // Each test from an address of its own: one address opens at most 10 tickets an hour.
  let caller = 0;
  beforeEach(async () => {
    clock.set(NOW);
    admin = await signInAdmin(t);
    caller += 1;
  });

  const post = (url: string, cookies: Record<string, string>, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, cookies, payload, headers, remoteAddress: `198.51.100.${caller}` });
  const get = (url: string, cookies: Record<string, string> = {}, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, cookies, headers });
  const ticketBody = (overrides: Record<string, unknown> = {}) => ({ category: 'device', subject: 'Picture freezes', message: 'The picture freezes every evening.', ...overrides });
  const inbox = async (query = '') => (await get(`/api/admin/tickets${query}`, admin)).json<{ tickets: { id: string; number: number; status: string }[]; responseTargetMinutes: number }>();

  it('opens a signed-in customer\'s ticket on their device, which both sides then see', async () => {
    const owner = await ownerWithDevices(t, 1);
    const created = await post('/api/support/tickets', owner.cookies, ticketBody({ deviceId: owner.devices[0]!.id }));
    expect(created.statusCode, created.body).toBe(201);
    const { ticket } = created.json();
    expect(ticket).toEqual({ id: expect.any(String), number: expect.any(Number), status: 'open' });

    const mine = await get('/api/support/tickets', owner.cookies);
    expect(mine.json()).toMatchObject([{ id: ticket.id, number: ticket.number, category: 'device', subject: 'Picture freezes', status: 'open', deviceId: owner.devices[0]!.id }]);
    const list = await inbox('?status=open');
    expect(list.tickets.map((row) => row.number)).toEqual([ticket.number]);
    expect(list.responseTargetMinutes).toBe(240);
    expect((await get('/api/admin/tickets/overview', admin)).json()).toMatchObject({ open: 1, newest: { id: ticket.id, number: ticket.number } });
    expect((await get('/api/admin/stats', admin)).json().waiting.openTickets).toBe(1);
  });

  it('answers 404 for another customer\'s device or ticket, and 401 without a session or guest fields', async () => {
    const owner = await ownerWithDevices(t, 1);
    const other = await registerCustomer(t.app);
    const onTheirDevice = await post('/api/support/tickets', other.cookies, ticketBody({ deviceId: owner.devices[0]!.id }));
    expect([onTheirDevice.statusCode, onTheirDevice.json()]).toEqual([404, { message: 'Device not found' }]);

    const { ticket } = (await post('/api/support/tickets', owner.cookies, ticketBody())).json();
    for (const response of [
      await get(`/api/support/tickets/${ticket.id}`, other.cookies),
      await post(`/api/support/tickets/${ticket.id}/messages`, other.cookies, { message: 'mine now' }),
      await get(`/api/support/tickets/${ticket.id}`, {}, { 'x-ticket-token': 'forged-token' }),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([404, { message: 'Ticket not found' }]);
    }
    expect((await get('/api/support/tickets', other.cookies)).json()).toEqual([]);

    const anonymous = await post('/api/support/tickets', {}, ticketBody());
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'Email and order ID are required to write without signing in' }]);
    expect((await get('/api/support/tickets')).statusCode).toBe(401);
  });

  it('refuses a subject, a message or a category out of the rules with a 400 naming it', async () => {
    const owner = await registerCustomer(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [ticketBody({ subject: 'ab' }), 'Subject must be at least 3 characters'],
      [ticketBody({ subject: 'x'.repeat(121) }), 'Subject must be at most 120 characters'],
      [ticketBody({ message: '   ' }), 'Message is required'],
      [ticketBody({ message: 'x'.repeat(5001) }), 'Message must be at most 5000 characters'],
      [ticketBody({ category: 'refund' }), 'category must be one of billing, device, channels, account, other'],
    ];
    for (const [payload, message] of cases) {
      const response = await post('/api/support/tickets', owner.cookies, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
    }
  });

  it('holds a guest\'s ticket until the emailed link is opened, then the guest follows it through that link', async () => {
    const order = await placeTestOrder(t.database.db, { email: 'guest.buyer@example.com' });
    const wrong = await post('/api/support/tickets', {}, ticketBody({ email: 'someone.else@example.com', orderId: order.id }));
    expect([wrong.statusCode, wrong.json()]).toEqual([404, { message: 'We could not find an order with this ID and email' }]);

    const created = await post('/api/support/tickets', {}, ticketBody({ email: 'Guest.Buyer@example.com', orderId: order.id, category: 'channels', channel: 'ESPN HD' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ticket: { status: 'open' }, verificationSent: true });
    expect((await inbox()).tickets).toEqual([]);
    expect((await get(`/api/admin/tickets/${created.json().ticket.id}`, admin)).statusCode).toBe(404);

    const [verify] = await ticketMails(t, 'ticket-verify:', 'guest.buyer@example.com');
    expect(verify!.dedupeKey).toBe(`ticket-verify:${created.json().ticket.id}`);
    const link = ticketLinkIn(verify!.text);
    expect(link.id).toBe(created.json().ticket.id);
    const opened = await get(`/api/support/tickets/${link.id}`, {}, { 'x-ticket-token': link.token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ subject: 'Picture freezes', channel: 'ESPN HD', messages: [{ author: 'customer', body: 'The picture freezes every evening.' }] });
    expect((await inbox()).tickets.map((row) => row.id)).toEqual([link.id]);
    expect((await get('/api/admin/tickets/overview', admin)).json().channels).toEqual([{ channel: 'espn hd', tickets: 1 }]);

    const answered = await post(`/api/support/tickets/${link.id}/messages`, {}, { message: 'Still frozen.' }, { 'x-ticket-token': link.token });
    expect(answered.json().messages.map((m: { body: string }) => m.body)).toEqual(['The picture freezes every evening.', 'Still frozen.']);
  });

  it('keeps images recognised by their bytes, serves them only to the ticket\'s customer and staff, and refuses the rest', async () => {
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const form = multipart({ category: 'device', subject: 'Screenshot', message: 'See the picture' }, [
      { filename: 'screen.png', contentType: 'image/png', data: imageBytes('png') },
      { filename: 'photo.bin', contentType: 'application/octet-stream', data: imageBytes('jpeg') },
    ]);
    const created = await t.app.inject({ method: 'POST', url: '/api/support/tickets', cookies: owner.cookies, ...form });
    expect(created.statusCode, created.body).toBe(201);
    const detail = (await get(`/api/support/tickets/${created.json().ticket.id}`, owner.cookies)).json();
    const files = detail.messages[0].attachments;
    expect(files).toEqual([
      { id: expect.any(String), filename: 'screen.png', contentType: 'image/png', size: 64 },
      { id: expect.any(String), filename: 'photo.bin', contentType: 'image/jpeg', size: 64 },
    ]);

    const served = await get(`/api/support/attachments/${files[0].id}`, owner.cookies);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'content-disposition': 'inline; filename="screen.png"; filename*=UTF-8\'\'screen.png' });
    expect(Buffer.compare(served.rawPayload, imageBytes('png'))).toBe(0);
    expect((await get(`/api/support/attachments/${files[0].id}`, other.cookies)).statusCode).toBe(404);
    expect((await get(`/api/support/attachments/${files[0].id}`)).statusCode).toBe(404);
    const byStaff = await get(`/api/admin/tickets/attachments/${files[1].id}`, admin);
    expect([byStaff.statusCode, byStaff.headers['content-type'], byStaff.headers['x-content-type-options']]).toEqual([200, 'image/jpeg', 'nosniff']);

    const refusals: [ReturnType<typeof multipart>, number, string][] = [
      [multipart({ message: 'a page' }, [{ filename: 'cat.png', contentType: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') }]), 415, 'Attachments must be PNG, JPEG or WebP images'],
      [multipart({ message: 'too big' }, [{ filename: 'big.png', contentType: 'image/png', data: imageBytes('png', 6 * 1024 * 1024) }]), 413, 'Each attachment must be at most 5 MB'],
      [
        multipart({ message: 'four' }, ['png', 'jpeg', 'webp', 'png'].map((type, i) => ({ filename: `${i}.img`, contentType: 'image/png', data: imageBytes(type as 'png') }))),
        400,
        'At most 3 attachments per message',
      ],
    ];
    for (const [body, status, message] of refusals) {
      const response = await t.app.inject({ method: 'POST', url: `/api/support/tickets/${created.json().ticket.id}/messages`, cookies: owner.cookies, ...body });
      expect([response.statusCode, response.json()]).toEqual([status, { message }]);
    }
    const after = (await get(`/api/support/tickets/${created.json().ticket.id}`, owner.cookies)).json();
    expect(after.messages).toHaveLength(1);
  });

  it('emails each staff reply as text, keeps internal notes from the customer, and reopens on the customer\'s reply', async () => {
    const owner = await registerCustomer(t.app);
    const { ticket } = (await post('/api/support/tickets', owner.cookies, ticketBody({ message: HOSTILE }))).json();

    const note = await post(`/api/admin/tickets/${ticket.id}/messages`, admin, { message: 'Customer sounds upset', internal: true });
    expect(note.json()).toMatchObject({ status: 'open' });
    const replied = await post(`/api/admin/tickets/${ticket.id}/messages`, admin, { message: `Try this: ${HOSTILE}` });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ status: 'waiting' });

    const customerView = (await get(`/api/support/tickets/${ticket.id}`, owner.cookies)).json();
    expect(customerView.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['customer', HOSTILE],
      ['staff', `Try this: ${HOSTILE}`],
    ]);
    const staffView = (await get(`/api/admin/tickets/${ticket.id}`, admin)).json();
    expect(staffView.messages.map((m: { internal: boolean }) => m.internal)).toEqual([false, true, false]);

    const mails = await ticketMails(t, 'ticket-reply:', owner.customer.email);
    expect(mails).toHaveLength(1);
    const [reply] = mails;
    expect(reply!.subject).toBe(`Re: [#${ticket.number}] Picture freezes`);
    expect(reply!.text).toContain(`Try this: ${HOSTILE}`);
    expect(reply!.text).not.toContain('Customer sounds upset');
    expect(reply!.html).not.toContain('<script>');
    expect(reply!.html).not.toContain('<img src=x');
    expect(reply!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(reply!.text).toMatch(/This solved it: .*\/support\/ticket\/.*&solved=1/);

    await t.app.inject({ method: 'PATCH', url: `/api/admin/tickets/${ticket.id}`, cookies: admin, payload: { status: 'resolved' } });
    expect((await get(`/api/support/tickets/${ticket.id}`, owner.cookies)).json().status).toBe('resolved');
    const again = await post(`/api/support/tickets/${ticket.id}/messages`, owner.cookies, { message: 'It froze again' });
    expect(again.json()).toMatchObject({ status: 'open' });
  });

  it('resolves a ticket that waited 7 days for its customer, once, with an email whose link rates it once', async () => {
    const owner = await registerCustomer(t.app);
    const { ticket } = (await post('/api/support/tickets', owner.cookies, ticketBody())).json();
    await post(`/api/admin/tickets/${ticket.id}/messages`, admin, { message: 'Restart the app, please.' });

    clock.set('2027-03-08T09:59:00.000Z');
    expect(await t.services.support.autoResolve()).toBe(0);
    const early = await post(`/api/support/tickets/${ticket.id}/rating`, owner.cookies, { score: 5 });
    expect([early.statusCode, early.json()]).toEqual([409, { message: 'A ticket can be rated once it is resolved' }]);

    clock.set('2027-03-08T10:01:00.000Z');
    expect(await t.services.support.autoResolve()).toBe(1);
    expect(await t.services.support.autoResolve()).toBe(0);
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({ status: 'resolved', resolvedAt: new Date('2027-03-08T10:01:00.000Z') });

    const resolvedMails = await ticketMails(t, 'ticket-resolved:', owner.customer.email);
    expect(resolvedMails).toHaveLength(1);
    expect(resolvedMails[0]!.text).toContain('We have not heard back from you for 7 days');
    const link = ticketLinkIn(resolvedMails[0]!.text);
    expect(resolvedMails[0]!.text).toContain(`token=${link.token}&rate=4`);

    const rated = await post(`/api/support/tickets/${ticket.id}/rating`, {}, { score: 4 }, { 'x-ticket-token': link.token });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toMatchObject({ rating: 4 });
    const twice = await post(`/api/support/tickets/${ticket.id}/rating`, {}, { score: 1 }, { 'x-ticket-token': link.token });
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: 'This ticket has already been rated' }]);
    const outOfRange = await post(`/api/support/tickets/${ticket.id}/rating`, owner.cookies, { score: 6 });
    expect([outOfRange.statusCode, outOfRange.json()]).toEqual([400, { message: 'Score is 1 to 5' }]);

    expect((await get('/api/admin/tickets/ratings', admin)).json()).toEqual({
      byAgent: [{ agent: 'Unassigned', average: 4, ratings: 1 }],
      byCategory: [{ category: 'device', average: 4, ratings: 1 }],
    });
  });

  it('resolves from the reply\'s "this solved it" link, and averages ratings per assigned agent', async () => {
    const owner = await registerCustomer(t.app);
    const { ticket } = (await post('/api/support/tickets', owner.cookies, ticketBody({ category: 'billing' }))).json();
    const me = (await get('/api/admin/auth', admin)).json().admin;
    const assigned = await t.app.inject({ method: 'PATCH', url: `/api/admin/tickets/${ticket.id}`, cookies: admin, payload: { assigneeId: me.id } });
    expect(assigned.json()).toMatchObject({ assigneeId: me.id, assigneeName: 'owner' });
    expect((await inbox('?assigned=me')).tickets).toHaveLength(1);
    expect((await inbox('?assigned=none')).tickets).toHaveLength(0);
    expect((await inbox(`?q=${ticket.number}`)).tickets).toHaveLength(1);
    expect((await inbox('?q=freezes%20every')).tickets).toHaveLength(1);
    expect((await inbox('?q=nothing-like-this')).tickets).toHaveLength(0);

    await post(`/api/admin/tickets/${ticket.id}/messages`, admin, { message: 'Refreshed your line.' });
    const [reply] = await ticketMails(t, 'ticket-reply:', owner.customer.email);
    const link = ticketLinkIn(reply!.text);
    const solved = await post(`/api/support/tickets/${ticket.id}/resolve`, {}, {}, { 'x-ticket-token': link.token });
    expect(solved.json()).toMatchObject({ status: 'resolved' });
    await post(`/api/support/tickets/${ticket.id}/rating`, owner.cookies, { score: 5 });
    expect((await get('/api/admin/tickets/ratings', admin)).json()).toEqual({
      byAgent: [{ agent: 'owner', average: 5, ratings: 1 }],
      byCategory: [{ category: 'billing', average: 5, ratings: 1 }],
    });
  });
  it('lets one address open 10 tickets an hour, then answers 429 until the hour is over', async () => {
    const { cookies } = await registerCustomer(t.app);
    for (let opened = 0; opened < 10; opened += 1) expect((await post('/api/support/tickets', cookies, ticketBody())).statusCode).toBe(201);
    const refused = await post('/api/support/tickets', cookies, ticketBody());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many new requests from your network. Please try again in 60 minutes, or reply to an open one.');
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/support/tickets', cookies, payload: ticketBody(), remoteAddress: '203.0.113.77' });
    expect(elsewhere.statusCode).toBe(201);
  });
  it('emails the customer the one-click rating when the staff resolve a ticket, and not again on a second resolve', async () => {
    const owner = await registerCustomer(t.app);
    const { ticket } = (await post('/api/support/tickets', owner.cookies, ticketBody())).json();
    const resolve = () => t.app.inject({ method: 'PATCH', url: `/api/admin/tickets/${ticket.id}`, cookies: admin, payload: { status: 'resolved' } });
    expect((await resolve()).statusCode).toBe(200);
    expect((await resolve()).statusCode).toBe(200);

    const resolvedMails = await ticketMails(t, 'ticket-resolved:', owner.customer.email);
    expect(resolvedMails).toHaveLength(1);
    expect(resolvedMails[0]!.subject).toBe(`[#${ticket.number}] resolved: Picture freezes`);
    expect(resolvedMails[0]!.text).toContain('Our support team marked your ticket \u201cPicture freezes\u201d as resolved.');
    const link = ticketLinkIn(resolvedMails[0]!.text);
    expect(resolvedMails[0]!.text).toContain(`token=${link.token}&rate=5`);
    const rated = await post(`/api/support/tickets/${ticket.id}/rating`, {}, { score: 5 }, { 'x-ticket-token': link.token });
    expect([rated.statusCode, rated.json().rating]).toEqual([200, 5]);
  });

  // In the customer's saved language, a guest's by the order their ticket names (decisions 0107, 0110); English above.
  it("writes the staff's reply and the resolution to a customer who saved Spanish in Spanish", async () => {
    const owner = await registerCustomer(t.app, { locale: 'es' });
    const created = await post('/api/support/tickets', owner.cookies, ticketBody());
    expect(created.statusCode, created.body).toBe(201);
    const { ticket } = created.json<{ ticket: { id: string; number: number } }>();

    expect((await post(`/api/admin/tickets/${ticket.id}/messages`, admin, { message: 'Restart the app, please.' })).statusCode).toBe(200);
    const [reply] = await ticketMails(t, 'ticket-reply:', owner.customer.email);
    expect(reply?.subject).toBe(`Re: [#${ticket.number}] Picture freezes`);
    expect(reply?.text).toMatch(/^.+, del soporte de StreamPlus, escribió:\n\nRestart the app, please\.\n\nAbrir el ticket: http/);
    expect(reply?.text).toContain('Esto lo resolvió: http');
    expect(reply?.html).toContain('<html dir="ltr" lang="es">');

    await t.app.inject({ method: 'PATCH', url: `/api/admin/tickets/${ticket.id}`, cookies: admin, payload: { status: 'resolved' } });
    const [resolved] = await ticketMails(t, 'ticket-resolved:', owner.customer.email);
    expect(resolved?.subject).toBe(`[#${ticket.number}] resuelto: Picture freezes`);
    expect(resolved?.text).toContain('Nuestro equipo de soporte marcó tu ticket «Picture freezes» como resuelto.');
    expect(resolved?.text).toContain('Valora nuestra ayuda (de 1 a 5):');
  });

  it("writes a guest's confirmation link in the language of the order the ticket names", async () => {
    const order = await placeTestOrder(t.database.db, { email: 'guest.pt@example.com' });
    await t.database.db.update(orders).set({ locale: 'pt-BR' }).where(eq(orders.id, order.id));
    const created = await post('/api/support/tickets', {}, ticketBody({ email: 'guest.pt@example.com', orderId: order.id }));
    expect(created.statusCode, created.body).toBe(201);
    const [verify] = await ticketMails(t, 'ticket-verify:', 'guest.pt@example.com');
    expect(verify?.subject).toMatch(/^Confirme sua solicitação de suporte nº \d+$/);
    expect(verify?.text).toMatch(/^Recebemos sua solicitação "Picture freezes"\.\n\nAbra este link para confirmar seu e-mail/);
  });

  it('keeps English for a customer without a saved language', async () => {
    const owner = await registerCustomer(t.app);
    const { ticket } = (await post('/api/support/tickets', owner.cookies, ticketBody())).json<{ ticket: { id: string; number: number } }>();
    await post(`/api/admin/tickets/${ticket.id}/messages`, admin, { message: 'Restart the app, please.' });
    const [reply] = await ticketMails(t, 'ticket-reply:', owner.customer.email);
    expect(reply?.text).toMatch(/^.+ of StreamPlus support wrote:\n\nRestart the app, please\.\n\nOpen the ticket: http/);
  });
});
