// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminIncident } from '../../src/contract/admin-incidents';
import type { AdminPackage } from '../../src/contract/admin-packages';
import { bodyOf, calls, EMPTY_ADMIN, json, renderAt, serve, toastText, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

// Not a React hook, whatever its name: it registers this file's vitest hooks.
setUpAdminUi();
beforeAll(async () => {
  await import('../../src/client/features/admin/incidents/IncidentsTab');
});

/** The admin's Incidents section (decision 0094): its list's states, Post Incident, and the compensation an ended incident offers. */
const ID = '0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11';

function incident(overrides: Partial<AdminIncident> = {}): AdminIncident {
  return {
    id: ID,
    title: 'Panel outage',
    message: 'No channel plays.',
    packages: null,
    startedAt: '2027-03-01T07:00:00.000Z',
    endedAt: null,
    postedBy: 'store-owner',
    notifiedCustomers: null,
    compensation: null,
    compensationOffered: false,
    suggestedDays: 1,
    ...overrides,
  };
}

const sixMonths: AdminPackage = {
  id: 'pkg-6m',
  name: '6 Months Premium',
  duration: '6 Months',
  price: '69.99',
  cashback: '20.00',
  channels: '18,000+',
  quality: '4K',
  devices: 4,
  vod: '100,000+',
  features: [],
  popular: true,
  requiresShipping: false,
  hidden: false,
};

const store = (extra: Record<string, Handler>) => serve({ ...EMPTY_ADMIN, ...extra });

describe('the Incidents section', () => {
  it('says when there is no incident, and offers a retry when the list fails', async () => {
    let fail = true;
    store({ 'GET /api/admin/incidents': () => (fail ? json(500, { message: 'boom' }) : json(200, [], { 'x-total-count': '0' })) });
    const { user } = renderAt('/admin?tab=incidents');
    expect(await screen.findByText('This list could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No Incidents')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Incidents' })).toBeTruthy();
  });

  it('posts an incident for some packages and emails the affected customers, keeping what was typed when refused', async () => {
    let refuse = true;
    store({
      'GET /api/admin/incidents': () => json(200, [], { 'x-total-count': '0' }),
      'GET /api/admin/packages': () => json(200, [sixMonths]),
      'POST /api/admin/incidents': () =>
        refuse
          ? json(400, { message: 'Unknown package: pkg-6m' })
          : json(201, { message: 'Incident posted. 1 customer was emailed.', incident: incident({ packages: [{ id: 'pkg-6m', name: '6 Months Premium' }], notifiedCustomers: 1 }) }),
    });
    const { user } = renderAt('/admin?tab=incidents');
    await user.click(await screen.findByRole('button', { name: 'Post Incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Incident' });
    await user.type(within(dialog).getByLabelText('Title'), 'Panel outage');
    await user.type(within(dialog).getByLabelText('Message'), 'No channel plays.');
    await user.click(within(dialog).getByLabelText('Only some packages'));
    await user.click(await within(dialog).findByLabelText('6 Months Premium'));
    await user.click(within(dialog).getByLabelText('Email affected customers'));
    await user.click(within(dialog).getByRole('button', { name: 'Post Incident' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Unknown package: pkg-6m');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('Panel outage');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Post Incident' }));
    await waitFor(() => expect(toastText()).toBe('Incident Posted|Incident posted. 1 customer was emailed.|default'));
    expect(bodyOf('POST', '/api/admin/incidents', 1)).toEqual({ title: 'Panel outage', message: 'No channel plays.', packages: ['pkg-6m'], notify: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Post Incident' })).toBeNull());
  });

  it('offers "Compensate N days" at once when ending an incident of over an hour, and compensates on confirmation', async () => {
    let current = incident();
    store({
      'GET /api/admin/incidents': () => json(200, [current], { 'x-total-count': '1' }),
      [`GET /api/admin/incidents/${ID}`]: () => json(200, current),
      [`PATCH /api/admin/incidents/${ID}`]: () => {
        current = incident({ endedAt: '2027-03-01T10:00:00.000Z', compensationOffered: true, suggestedDays: 1 });
        return json(200, { message: 'Incident ended after 3 hours. You can compensate the affected customers now.', incident: current });
      },
      [`POST /api/admin/incidents/${ID}/compensate`]: () => {
        const compensation = { days: 1, by: 'store-owner', at: '2027-03-01T10:01:00.000Z', subscriptions: 3, customers: 2, panelPending: 0 };
        current = incident({ endedAt: '2027-03-01T10:00:00.000Z', compensation });
        return json(200, { message: 'Added 1 day to 3 subscriptions of 2 customers; each customer was emailed. The panel follows in the background.', incident: current });
      },
    });
    const { user } = renderAt('/admin?tab=incidents');
    await user.click(await screen.findByRole('button', { name: 'Open the incident Panel outage' }));
    const detail = await screen.findByTestId('incident-detail');
    // Its badge and its end say so.
    expect(within(detail).getAllByText('Ongoing')).toHaveLength(2);

    await user.click(within(detail).getByRole('button', { name: 'End Incident' }));
    const offer = await screen.findByRole('dialog', { name: 'Compensate 1 day?' });
    expect(bodyOf('PATCH', `/api/admin/incidents/${ID}`)).toEqual({ endedAt: expect.any(String) });
    await user.click(within(offer).getByRole('button', { name: 'Compensate 1 day' }));
    await waitFor(() => expect(toastText()).toBe('Customers Compensated|Added 1 day to 3 subscriptions of 2 customers; each customer was emailed. The panel follows in the background.|default'));
    expect(bodyOf('POST', `/api/admin/incidents/${ID}/compensate`)).toEqual({ days: 1 });
    expect((await screen.findByTestId('incident-compensation')).textContent).toContain('Compensated: 1 day added to 3 subscriptions of 2 customers.');
    expect(calls('POST', `/api/admin/incidents/${ID}/compensate`)).toHaveLength(1);
  });

  it('takes 1 to 30 days only, saying why the button waits', async () => {
    store({ [`GET /api/admin/incidents/${ID}`]: () => json(200, incident({ endedAt: '2027-03-01T10:00:00.000Z' })) });
    const { user } = renderAt(`/admin?tab=incidents&incident=${ID}`);
    const days = await screen.findByLabelText('Days');
    await user.clear(days);
    await user.type(days, '31');
    expect(screen.getByText('Enter a whole number of days from 1 to 30.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Compensate' }).disabled).toBe(true);
    await user.clear(days);
    await user.type(days, '5');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Compensate 5 days' }).disabled).toBe(false);
  });
});
