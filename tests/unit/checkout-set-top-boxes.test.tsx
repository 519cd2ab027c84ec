// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutInput } from '../../src/contract/checkout';
import { checkoutRequest, defaultFormValues, type CheckoutFormValues } from '../../src/client/features/checkout/checkout-form';
import { checkoutResolver } from '../../src/client/features/checkout/checkout-validation';
import { SetTopBoxFields } from '../../src/client/features/checkout/SetTopBoxFields';

const item = {
  id: 'pkg-3m',
  name: '3 Months Premium',
  duration: '3 Months',
  price: '39.99',
  cashback: '15.00',
  popular: false,
  features: [],
  deviceCount: 2,
  selectedGiftCard: 'Walmart',
  quantity: 1 as const,
};
const buyer = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

/** The checkout form's validation (the contract's schema) around the set-top box section, for an order of `devices` devices. */
function Harness({ onValid }: { onValid: (order: CheckoutInput) => void }) {
  const form = useForm<CheckoutFormValues, unknown, CheckoutInput>({ resolver: checkoutResolver(true), defaultValues: defaultFormValues(item, buyer) });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <SetTopBoxFields form={form} deviceCount={2} />
      <button type="submit">Place order</button>
    </form>
  );
}

function renderSection() {
  const placed: CheckoutInput[] = [];
  render(<Harness onValid={(order) => placed.push(order)} />);
  return { placed, user: userEvent.setup() };
}

describe('set-top boxes at checkout', () => {
  afterEach(cleanup);

  it("adds 'a MAG / Enigma2 box' by MAC, up to the order's devices, and sends it normalised as setTopBoxes", async () => {
    const { placed, user } = renderSection();
    const section = screen.getByRole('group', { name: 'Set-top boxes' });
    const add = within(section).getByRole<HTMLButtonElement>('button', { name: 'A MAG / Enigma2 box' });
    await user.click(add);
    await user.click(add);
    expect(add.disabled).toBe(true);
    expect(within(section).getByText('Every device of this order is a box. Choose more devices to add another.')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Remove box 2' }));
    expect(add.disabled).toBe(false);

    await user.type(within(section).getByLabelText('MAC address of box 1'), '00-1a-79-ab-cd-ef');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]!.setTopBoxes).toEqual([{ mac: '00:1A:79:AB:CD:EF' }]);
    expect(checkoutRequest(placed[0]!, { couponCode: null, currency: 'USD' }).setTopBoxes).toEqual([{ mac: '00:1A:79:AB:CD:EF' }]);
  });

  it("refuses a MAC that is not six hex pairs or no device's under its field, and the same MAC twice, with the contract's words", async () => {
    const { placed, user } = renderSection();
    const section = screen.getByRole('group', { name: 'Set-top boxes' });
    await user.click(within(section).getByRole('button', { name: 'A MAG / Enigma2 box' }));
    const first = within(section).getByLabelText('MAC address of box 1');
    await user.type(first, '00:1A:79:12:34');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await within(section).findByText('MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56')).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');

    await user.clear(first);
    await user.type(first, '01:00:5E:00:00:FB');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await within(section).findByText("This MAC address is not a real device's (all zeros, broadcast or multicast): check the sticker under the box")).toBeTruthy();

    await user.clear(first);
    await user.type(first, '00:1A:79:12:34:56');
    await user.click(within(section).getByRole('button', { name: 'A MAG / Enigma2 box' }));
    await user.type(within(section).getByLabelText('MAC address of box 2'), '001a79123456');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('The same MAC address is given for two set-top boxes');
    expect(placed).toHaveLength(0);
  });

  it('sends no boxes when none was added', async () => {
    const { placed, user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]!.setTopBoxes).toEqual([]);
  });
});
