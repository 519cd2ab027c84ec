// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CryptoPaymentPanel } from '../../src/client/features/checkout/CryptoPaymentPanel';
import { FIRST_POLL_DELAY_MS } from '../../src/client/features/checkout/crypto-polling';
import { addMessages } from '../../src/client/lib/i18n';
import type { Locale } from '../../src/domain/locales';
import arPayment from '../../src/messages/ar/payment.json';
import enPayment from '../../src/messages/en/payment.json';
import ptPayment from '../../src/messages/pt-BR/payment.json';

/** The crypto payment panel of checkout and of a renewal invoice, in the page's language (decisions 0106, 0112). */
const speak = (locale: Locale, messages: Record<string, string>) => addMessages(locale, ['payment'], messages);
const payment = { paymentId: 'demo-1', payAmount: '15.99', payCurrency: 'usdc', payAddress: '0xAbC123', orderId: 'ORD-42' };
const onFailed = vi.fn();

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CryptoPaymentPanel payment={payment} demo onCompleted={() => undefined} onBack={() => undefined} onFailed={onFailed} />
    </QueryClientProvider>,
  );
}

/** The panel's lines in English (as before), Brazilian Portuguese and Arabic. */
const LINES: Array<[string, string, string]> = [
  ['Waiting for payment', 'Aguardando pagamento', 'بانتظار الدفع'],
  ['Order ORD-42', 'Pedido ORD-42', 'الطلب ORD-42'],
  ['Amount to send', 'Valor a enviar', 'المبلغ المطلوب إرساله'],
  ['Network', 'Rede', 'الشبكة'],
  ['USDC address', 'Endereço USDC', 'عنوان USDC'],
  [
    'Send exactly this amount of USDC on the Ethereum network (ERC-20). Other tokens or networks cannot be credited.',
    'Envie exatamente este valor em USDC pela rede Ethereum (ERC-20). Outros tokens ou redes não podem ser creditados.',
    'أرسل هذا المبلغ من USDC بالضبط على شبكة Ethereum \u200f(ERC-20). لا يمكن إضافة الرموز أو الشبكات الأخرى إلى رصيدك.',
  ],
  [
    'This page checks for your payment automatically and updates once it is confirmed on the blockchain.',
    'Esta página verifica seu pagamento automaticamente e se atualiza assim que ele for confirmado na blockchain.',
    'تتحقق هذه الصفحة من دفعتك تلقائيًا وتتحدّث فور تأكيدها على سلسلة الكتل (البلوك تشين).',
  ],
  ['Demo mode: no real crypto is sent', 'Modo demo: nenhuma cripto real é enviada', 'الوضع التجريبي: لا يتم إرسال عملات مشفرة حقيقية'],
  ['Simulate payment received', 'Simular pagamento recebido', 'محاكاة استلام الدفعة'],
  ['Simulate payment expired', 'Simular pagamento expirado', 'محاكاة انتهاء صلاحية الدفعة'],
  ['Change payment method', 'Trocar forma de pagamento', 'تغيير طريقة الدفع'],
];
const COPY_ADDRESS = ['Copy address', 'Copiar endereço', 'نسخ العنوان'];
const GROUP = ['Demo crypto payment', 'Pagamento em cripto de demonstração', 'دفع تجريبي بالعملة المشفرة'];
const LANGUAGES: Array<[Locale, Record<string, string>, number]> = [
  ['en', enPayment, 0],
  ['pt-BR', ptPayment, 1],
  ['ar', arPayment, 2],
];

/** What the panel says, line by line: its badge, order, details, notes and buttons. */
const lines = () => [...document.body.querySelectorAll('[role=status], span.text-xs, dt, p, button')].map((element) => element.textContent?.trim()).filter(Boolean);

describe('the crypto payment panel in the page language', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ paymentStatus: 'expired' }), { status: 200 }))));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  afterAll(() => speak('en', enPayment));

  it.each(LANGUAGES)('says each line in %s', (locale, messages, column) => {
    speak(locale, messages);
    renderPanel();
    expect(lines()).toEqual(LINES.map((row) => row[column]));
    expect(screen.getByRole('button', { name: COPY_ADDRESS[column] })).toBeTruthy();
    expect(screen.getByRole('group', { name: GROUP[column] })).toBeTruthy();
  });

  it('keeps the amount and the address left to right', () => {
    speak('ar', arPayment);
    renderPanel();
    expect(screen.getByText('15.99 USDC').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('0xAbC123').getAttribute('dir')).toBe('ltr');
  });

  it('says a failed payment in Portuguese, on the panel and to the page', async () => {
    speak('pt-BR', ptPayment);
    vi.useFakeTimers();
    renderPanel();
    await act(() => vi.advanceTimersByTimeAsync(FIRST_POLL_DELAY_MS));
    expect(screen.getByRole('alert').textContent).toBe('Pagamento não recebidoEste pagamento em cripto falhou ou expirou. Tente novamente ou fale com o suporte. Tentar novamente');
    expect(onFailed).toHaveBeenCalledWith({ title: 'Pagamento recusado', description: 'Tente novamente ou fale com o suporte' });
  });
});
