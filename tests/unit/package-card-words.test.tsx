// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Package } from '../../src/contract/packages';
import { PackageCard } from '../../src/client/features/catalog/PackageCard';
import { addMessages } from '../../src/client/lib/i18n';
import { priceText } from '../../src/client/lib/price-text';
import type { Locale } from '../../src/domain/locales';
import arLanding from '../../src/messages/ar/landing.json';
import arSite from '../../src/messages/ar/site.json';
import enLanding from '../../src/messages/en/landing.json';
import enSite from '../../src/messages/en/site.json';
import ptLanding from '../../src/messages/pt-BR/landing.json';
import ptSite from '../../src/messages/pt-BR/site.json';

/**
 * The landing page's package cards in the page's language (decision 0106): every word of the
 * card from the catalogue, the owner's package name and duration as written, each in a <bdi>.
 */
const speak = (locale: Locale, ...catalogues: Array<Record<string, string>>) => addMessages(locale, ['landing', 'site'], Object.assign({}, ...catalogues) as Record<string, string>);

const base = { channels: '18,000+', quality: '4K', devices: 1, vod: null, features: ['18,000+ Live Channels'], requiresShipping: false, currency: 'USD' as const };
const premium: Package = { ...base, id: 'pkg-3m', name: '3 Months Premium', duration: '3 Months', price: '39.99', cashback: '10.00', popular: true };
const trial: Package = { ...base, id: 'pkg-trial', name: '36-Hour Free Trial', duration: '36 Hours', price: '0.00', cashback: '0.00', popular: false };

/** Amounts in the page's language are another decision's (0108): as price-text writes them. */
const price = () => priceText('39.99', 'USD');
const cashback = () => priceText('10.00', 'USD');
const free = () => priceText('0.00', 'USD');

/** The card's words, in order: its badge, its duration line, its sentence and its button. */
function cardWords(pkg: Package, { mostPopular = false, trialsPaused = false } = {}) {
  render(<PackageCard pkg={pkg} mostPopular={mostPopular} trialsPaused={trialsPaused} onChoose={() => undefined} />);
  const card = screen.getByTestId(`package-${pkg.id}`);
  const words = [...card.querySelectorAll('.absolute, p')].map((element) => element.textContent);
  const button = within(card).getByRole('button');
  cleanup();
  return { words, button: button.textContent };
}

describe('the package cards in the page language', () => {
  afterEach(cleanup);
  afterAll(() => speak('en', enLanding, enSite));

  it('says what the spec says in English', () => {
    expect(cardWords(premium, { mostPopular: true })).toEqual({
      words: ['Most Popular', '$39.99/ 3 Months', '3 Months subscription with $10.00 gift card cashback (1 per subscription)'],
      button: 'Choose 3 Months Premium',
    });
    expect(cardWords(trial)).toEqual({ words: ['FREE TRIAL', '$0.00/ 36 Hours', '36 Hours of full access - No credit card required!'], button: 'Start Free Trial' });
    expect(cardWords(trial, { trialsPaused: true }).button).toBe('Trials paused today');
  });

  it('speaks Brazilian Portuguese around the package names', () => {
    speak('pt-BR', ptLanding, ptSite);
    expect(cardWords(premium, { mostPopular: true })).toEqual({
      words: ['Mais popular', `${price()}/ 3 Months`, `Assinatura de 3 Months com ${cashback()} de cashback em cartão-presente (1 por assinatura)`],
      button: 'Escolher 3 Months Premium',
    });
    expect(cardWords(trial)).toEqual({ words: ['TESTE GRÁTIS', `${free()}/ 36 Hours`, '36 Hours de acesso completo - Sem cartão de crédito!'], button: 'Começar teste grátis' });
    expect(cardWords(trial, { trialsPaused: true })).toEqual({
      words: ['TESTE GRÁTIS', `${free()}/ 36 Hours`, '36 Hours de acesso completo - Sem cartão de crédito!', 'Os testes grátis estão pausados hoje. Tente novamente amanhã.'],
      button: 'Testes pausados hoje',
    });
  });

  it('speaks Arabic, the names kept whole in a bdi', () => {
    speak('ar', arLanding, arSite);
    expect(cardWords(premium, { mostPopular: true })).toEqual({
      words: ['الأكثر شيوعًا', `${price()}/ 3 Months`, `اشتراك لمدة 3 Months مع استرداد نقدي بقيمة ${cashback()} في بطاقة هدايا (بطاقة واحدة لكل اشتراك)`],
      button: 'اختر 3 Months Premium',
    });
    expect(cardWords(trial).button).toBe('ابدأ التجربة المجانية');
    render(<PackageCard pkg={premium} mostPopular={false} trialsPaused={false} onChoose={() => undefined} />);
    expect(screen.getByRole('button').querySelector('bdi')?.textContent).toBe('3 Months Premium');
  });
});
