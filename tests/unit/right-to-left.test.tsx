// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CryptoIntro } from '../../src/client/features/checkout/PaymentActions';
import { addMessages } from '../../src/client/lib/i18n';
import PasswordSetupPage from '../../src/client/pages/PasswordSetupPage';
import arAuth from '../../src/messages/ar/auth.json';
import enAuth from '../../src/messages/en/auth.json';

/**
 * What keeps or turns its direction in Arabic (decisions 0106, 0115): arrows that mean "back"
 * or "on" turn with the page, an email address keeps its own order and stays whole.
 */
const EMAIL = 'maria.fernanda.oliveira@exemplo.com.br';

function renderPasswordSetup() {
  window.history.replaceState(null, '', `/password-setup?email=${encodeURIComponent(EMAIL)}&orderId=ORD-42`);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PasswordSetupPage />
    </QueryClientProvider>,
  );
}

describe('right to left', () => {
  afterEach(cleanup);
  afterAll(() => addMessages('en', ['auth'], enAuth));

  it('turns the back arrow of the sign-in screens and the checkout button arrow in a right-to-left page', async () => {
    renderPasswordSetup();
    const back = await screen.findByRole('link', { name: 'Back to home' });
    expect(back.querySelector('svg')?.getAttribute('class')).toContain('rtl:rotate-180');
    cleanup();
    render(<CryptoIntro pending={false} failure={null} />);
    expect(screen.getByRole('button').querySelector('svg')?.getAttribute('class')).toContain('rtl:rotate-180');
  });

  it('writes the email address of /password-setup as one left-to-right run, broken only where it must be', async () => {
    renderPasswordSetup();
    const email = await screen.findByTestId('setup-email');
    // English reads as before: the address as its whole text.
    expect(email.textContent).toBe(EMAIL);
    expect(email.parentElement?.textContent).toBe(`We have emailed a link to set your password to ${EMAIL}.`);
    cleanup();

    addMessages('ar', ['auth'], arAuth);
    renderPasswordSetup();
    const arabic = await screen.findByTestId('setup-email');
    expect(arabic.parentElement?.textContent).toBe(`أرسلنا رابطًا لتعيين كلمة المرور إلى ${EMAIL}.`);
    const run = arabic.querySelector('bdi');
    expect(run?.getAttribute('dir')).toBe('ltr');
    expect(run?.textContent).toBe(EMAIL);
    // No break in the middle of a word at a line's end: the address wraps only when wider than the line.
    expect(arabic.className).not.toContain('break-all');
    expect(run?.className).toBe('wrap-anywhere');
  });
});
