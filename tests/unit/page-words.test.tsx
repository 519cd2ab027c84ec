// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PolicyAgreement } from '../../src/client/features/checkout/PolicyAgreement';
import { affectsText, checkLines, statusWords } from '../../src/client/features/status/status-view';
import { formatMessage } from '../../src/client/lib/format-message';
import { addMessages } from '../../src/client/lib/i18n';
import type { Locale } from '../../src/domain/locales';
import arPayment from '../../src/messages/ar/payment.json';
import arStatus from '../../src/messages/ar/status.json';
import enPayment from '../../src/messages/en/payment.json';
import enStatus from '../../src/messages/en/status.json';
import ptStatus from '../../src/messages/pt-BR/status.json';

/**
 * The checkout's payment words and the status page's in the page's language (decision 0106):
 * a link placed where each language's sentence puts it, plurals and lists by Intl.
 */
const speak = (locale: Locale, area: string, messages: Record<string, string>) => addMessages(locale, [area], messages);

describe('the payment and status words in the page language', () => {
  afterEach(cleanup);
  // The worker's other files read English (decision 0086): put it back.
  afterAll(() => {
    speak('en', 'payment', enPayment);
    speak('en', 'status', enStatus);
  });

  it('places the policy links inside the sentence of each language', () => {
    render(<PolicyAgreement />);
    expect(screen.getByTestId('policy-agreement').textContent).toBe('By paying you agree to the Terms (opens in a new tab) and the Refund Policy (opens in a new tab).');
    cleanup();

    speak('ar', 'payment', arPayment);
    render(<PolicyAgreement />);
    expect(screen.getByTestId('policy-agreement').textContent).toBe('بالدفع فإنك توافق على الشروط (تفتح في علامة تبويب جديدة) وسياسة الاسترداد (تفتح في علامة تبويب جديدة).');
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['الشروط (تفتح في علامة تبويب جديدة)', '/terms'],
      ['سياسة الاسترداد (تفتح في علامة تبويب جديدة)', '/refund-policy'],
    ]);
  });

  it('says the status, its checks and the days without incidents in Portuguese, with ICU plurals', () => {
    speak('pt-BR', 'status', ptStatus);
    expect(statusWords('degraded')).toMatchObject({ label: 'Instável', tone: 'warning' });
    expect(checkLines({ checks: { database: 'reachable', panel: 'stale' } })).toEqual([
      { name: 'Loja e contas', state: 'Operacional', tone: 'success' },
      { name: 'Serviço de streaming', state: 'Sem confirmação recente', tone: 'warning' },
    ]);
    expect(formatMessage('status.noIncidents', { days: 7 })).toBe('Nenhum incidente nos últimos 7 dias.');
    expect(formatMessage('status.noIncidents', { days: 1 })).toBe('Nenhum incidente no último dia.');
    expect(affectsText({ packages: null })).toBe('Todos os pacotes');
  });

  it("uses Arabic's dual and lists the packages as Arabic does", () => {
    speak('ar', 'status', arStatus);
    expect(formatMessage('status.noIncidents', { days: 2 })).toBe('لا أعطال خلال اليومين الأخيرين.');
    expect(affectsText({ packages: [{ id: 'a', name: '1 Month Premium' }, { id: 'b', name: 'Streaming Box' }] })).toBe('1 Month Premium وStreaming Box');
  });
});
