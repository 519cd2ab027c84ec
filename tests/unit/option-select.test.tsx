// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OptionSelect } from '../../src/client/components/ui/select';
import { polyfillPointerCapture } from '../support/admin-ui';

const GIFT_CARDS = [
  { value: 'Amazon', label: 'Amazon' },
  { value: 'Target', label: 'Target' },
  { value: 'Walmart', label: 'Walmart' },
];

/** A select inside a form, as checkout has it: Radix then keeps a hidden native select whose options mirror the mounted items. */
function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <form aria-label="order">
      <OptionSelect aria-label="Gift Card" value={value} onValueChange={setValue} options={GIFT_CARDS} placeholder="Choose your gift card" />
      <output>{value || 'none'}</output>
    </form>
  );
}

const trigger = () => screen.getByRole('combobox', { name: 'Gift Card' });
const nativeOptions = () => [...document.querySelectorAll('select option')].map((option) => option.getAttribute('value')).filter(Boolean);

describe('a select whose items mount on demand (decision 0058)', () => {
  beforeEach(polyfillPointerCapture);
  afterEach(cleanup);

  it('mounts no item with the page, and its trigger shows the chosen option or the placeholder', () => {
    render(<Harness initial="Target" />);
    expect(trigger().textContent).toBe('Target');
    expect(nativeOptions()).toEqual([]);
    cleanup();
    render(<Harness initial="" />);
    expect(trigger().textContent).toBe('Choose your gift card');
  });

  it('lists every option when pressed, and a choice changes the value', async () => {
    const user = userEvent.setup();
    render(<Harness initial="" />);
    await user.click(trigger());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Amazon', 'Target', 'Walmart']);
    await user.click(screen.getByRole('option', { name: 'Walmart' }));
    expect(screen.getByRole('status').textContent).toBe('Walmart');
    expect(trigger().textContent).toBe('Walmart');
  });

  it('mounts its items when focused, so typing on the closed trigger still picks an option', async () => {
    const user = userEvent.setup();
    render(<Harness initial="Amazon" />);
    await user.tab();
    expect(document.activeElement).toBe(trigger());
    expect(nativeOptions()).toEqual(['Amazon', 'Target', 'Walmart']);
    await user.keyboard('w');
    expect(screen.getByRole('status').textContent).toBe('Walmart');
  });
});
