// Each component from its own package: the @react-email/components index also loads the
// Tailwind, Markdown and code-block components, about 0.3 s and 28 MB at start-up (decision 0043).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createContext, useContext, type ReactNode } from 'react';
import type { Locale } from '#domain/locales';
import { wordsIn, type Words } from '../i18n/index';

/**
 * The frame every email of the store is drawn in (decision 0040): the StreamPlus band, one
 * card with a heading, the facts in a small table and one button, and a footer. The
 * store's colours (UI.md, src/client/styles.css), light by default, navy in dark mode.
 * Inline styles for clients that drop <style>; the <style> block adds dark mode and
 * the phone (320 px) layout where it is read.
 */

const BRAND = {
  name: 'StreamPlus',
  navy: '#070b1a',
  card: '#0f1629',
  foreground: '#e6e9f5',
  muted: '#9aa3bf',
  violet: '#7c3aed',
  cyan: '#22d3ee',
  ink: '#111827',
  inkMuted: '#4b5563',
  page: '#f3f4f8',
  line: '#e5e7eb',
} as const;

/**
 * The address of the unsubscribe page of the customer an email is written to, given by
 * mail.queue to a reminder or an offer (QueueOptions.reminder); none for a transactional email.
 */
export const UnsubscribeUrl = createContext<string | null>(null);

/**
 * Set only while the mail feature's render.tsx draws a template once for many emails (decision 0048): the
 * layout hands it the preview text and writes what it returns in place of the preview line,
 * whose padding React Email computes from the text's length, so each email draws its own.
 */
export const PreviewSlot = createContext<((preview: string) => string) | null>(null);

const DARK_AND_PHONE_CSS = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .sp-page, .sp-page > table > tbody > tr > td { background-color: ${BRAND.navy} !important; }
    .sp-card { background-color: ${BRAND.card} !important; border-color: #1f2a47 !important; }
    .sp-text, .sp-heading, .sp-fact-value { color: ${BRAND.foreground} !important; }
    .sp-muted, .sp-fact-label, .sp-footer { color: ${BRAND.muted} !important; }
    .sp-link { color: ${BRAND.cyan} !important; }
  }
  [data-ogsc] .sp-text, [data-ogsc] .sp-heading, [data-ogsc] .sp-fact-value { color: ${BRAND.foreground} !important; }
  [data-ogsc] .sp-link { color: ${BRAND.cyan} !important; }
  @media only screen and (max-width: 480px) {
    .sp-card { padding: 24px 16px !important; border-radius: 0 !important; }
    .sp-heading { font-size: 22px !important; }
    .sp-button { display: block !important; text-align: center !important; }
    .sp-fact-label, .sp-fact-value { display: block !important; width: auto !important; padding: 0 !important; }
    .sp-fact-value { padding-bottom: 10px !important; }
  }
`;

/** The email's language, set by EmailLayout for the parts drawn inside it (the button's written-out link). */
const EmailWords = createContext<Words>(wordsIn('en'));

const font = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** `locale`: the customer's language (decision 0107), which sets the page's lang and dir and the frame's words; English when absent. */
export function EmailLayout({ preview, heading, locale = 'en', children }: { preview: string; heading: string; locale?: Locale; children: ReactNode }) {
  const unsubscribeUrl = useContext(UnsubscribeUrl);
  const previewSlot = useContext(PreviewSlot);
  const words = wordsIn(locale);
  return (
    <Html lang={words.locale} dir={words.dir}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{DARK_AND_PHONE_CSS}</style>
      </Head>
      {previewSlot ? previewSlot(preview) : <Preview>{preview}</Preview>}
      <Body className="sp-page" style={{ backgroundColor: BRAND.page, margin: 0, padding: '24px 0', fontFamily: font }}>
        <EmailWords.Provider value={words}>
          <Container style={{ maxWidth: '600px', width: '100%' }}>
            <Section style={{ backgroundColor: BRAND.navy, borderRadius: '16px 16px 0 0', padding: '20px 24px' }}>
              <Text style={{ margin: 0, fontSize: '22px', fontWeight: 800, color: '#ffffff', lineHeight: '28px' }}>
                Stream<span style={{ color: BRAND.cyan }}>Plus</span>
              </Text>
            </Section>
            <Section
              className="sp-card"
              style={{ backgroundColor: '#ffffff', border: `1px solid ${BRAND.line}`, borderTop: 'none', borderRadius: '0 0 16px 16px', padding: '32px 32px' }}
            >
              <Heading as="h1" className="sp-heading" style={{ margin: '0 0 16px', fontSize: '24px', lineHeight: '30px', color: BRAND.ink }}>
                {heading}
              </Heading>
              {children}
            </Section>
            <Section style={{ padding: '16px 24px' }}>
              <Text className="sp-footer" style={{ margin: 0, fontSize: '12px', lineHeight: '18px', color: BRAND.inkMuted, textAlign: 'center' }}>
                {words.t('mail.layout.footer')}
                {unsubscribeUrl && (
                  <>
                    {' '}
                    {words.t('mail.layout.remindersOn')}{' '}
                    <Link className="sp-link" href={unsubscribeUrl} style={{ color: BRAND.violet, textDecoration: 'underline' }}>
                      {words.t('mail.layout.unsubscribe')}
                    </Link>
                    .
                  </>
                )}
              </Text>
            </Section>
          </Container>
        </EmailWords.Provider>
      </Body>
    </Html>
  );
}

/** A paragraph of the card. */
export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      className={muted ? 'sp-muted' : 'sp-text'}
      style={{ margin: '0 0 14px', fontSize: muted ? '13px' : '16px', lineHeight: muted ? '20px' : '24px', color: muted ? BRAND.inkMuted : BRAND.ink }}
    >
      {children}
    </Text>
  );
}

/** The order's or subscription's facts, a term and its value per row (a stack on a phone). */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [term: string, value: string]> }) {
  // The gap between term and value sits on the term's inner side, the right in English and the left in Arabic.
  const labelPadding = useContext(EmailWords).dir === 'rtl' ? '6px 0 6px 12px' : '6px 12px 6px 0';
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '4px 0 20px', borderCollapse: 'collapse' }}>
      <tbody>
        {rows.map(([term, value]) => (
          <tr key={term}>
            <td
              className="sp-fact-label"
              style={{ width: '38%', padding: labelPadding, verticalAlign: 'top', fontSize: '14px', lineHeight: '20px', color: BRAND.inkMuted }}
            >
              {term}
            </td>
            <td
              className="sp-fact-value"
              style={{ padding: '6px 0', verticalAlign: 'top', fontSize: '14px', lineHeight: '20px', fontWeight: 600, color: BRAND.ink, wordBreak: 'break-word' }}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The email's one button; its address also written out below it, for clients that show no buttons. */
export function EmailButton({ href, children }: { href: string; children: string }) {
  const words = useContext(EmailWords);
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Button
        className="sp-button"
        href={href}
        style={{
          backgroundColor: BRAND.violet,
          backgroundImage: `linear-gradient(135deg, ${BRAND.violet} 0%, #4f46e5 100%)`,
          color: '#ffffff',
          fontSize: '16px',
          fontWeight: 700,
          borderRadius: '10px',
          padding: '14px 24px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
      <Text className="sp-muted" style={{ margin: '12px 0 0', fontSize: '12px', lineHeight: '18px', color: BRAND.inkMuted, wordBreak: 'break-all' }}>
        {words.t('mail.layout.openLink')}{' '}
        <Link className="sp-link" href={href} style={{ color: BRAND.violet }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}
