import { createElement } from 'react';
import { formatForAdmin, money, type CurrencyCode } from '#domain/currencies';
import type { Locale } from '#domain/locales';
import type { Cents } from '#domain/money';
import { EmailButton, EmailLayout, Facts, Paragraph, type Email } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

export interface DisputeNoticeProps {
  heading: string;
  greeting: string;
  paragraphs: string[];
  facts: Array<[string, string]>;
  button: { label: string; href: string };
  /** The reader's language (decision 0107): the customer's; the staff's notice is English. */
  locale?: Locale;
}

/** A dispute's notice (decision 0100): to the owner, what to do and by when; to the customer, that the service is paused. */
export function DisputeNoticeEmail({ heading, greeting, paragraphs, facts, button, locale }: DisputeNoticeProps) {
  return (
    <EmailLayout preview={paragraphs[0] ?? heading} heading={heading} locale={locale}>
      <Paragraph>{greeting}</Paragraph>
      {paragraphs.map((text) => (
        <Paragraph key={text}>{text}</Paragraph>
      ))}
      <Facts rows={facts} />
      <EmailButton href={button.href}>{button.label}</EmailButton>
    </EmailLayout>
  );
}

function noticeMail(to: string, subject: string, props: DisputeNoticeProps): Email {
  const text = [props.greeting, '', ...props.paragraphs, '', ...props.facts.map(([term, value]) => `${term}: ${value}`), '', `${props.button.label}: ${props.button.href}`].join('\n');
  return { to, subject, text, html: createElement(DisputeNoticeEmail, props) };
}

export interface OpenedDispute {
  orderId: string;
  customerName: string;
  customerEmail: string;
  amountCents: Cents;
  /** The disputed order's currency, which its amount is in. */
  currency: CurrencyCode;
  reason: string;
  dueBy: Date | null;
  /** The customer's language: the order's, else their saved one (decision 0107). */
  locale: Locale;
}

const dueText = (dueBy: Date | null) => (dueBy ? dueBy.toISOString().slice(0, 10) : 'not given');

/** The owner's email: a dispute opened, the lines are off, evidence is due. */
export function disputeOwnerMail(to: string, dispute: OpenedDispute, publicUrl: string): Email {
  const store = publicUrl.replace(/\/+$/, '');
  return noticeMail(to, `Dispute opened on order ${dispute.orderId}`, {
    heading: 'A payment was disputed',
    greeting: 'Hello,',
    paragraphs: [
      `The buyer's bank disputed the payment of order ${dispute.orderId}. Its lines are off and automatic renewal is stopped until the dispute closes.`,
      'The evidence is assembled in the order\'s Dispute section: add a note if you wish and press "Submit evidence" before the due date.',
    ],
    facts: [
      ['Order ID', dispute.orderId],
      ['Amount', formatForAdmin(money(dispute.amountCents, dispute.currency))],
      ['Reason', dispute.reason],
      ['Evidence due', dueText(dispute.dueBy)],
    ],
    button: { label: 'Open the order', href: `${store}/admin/orders/${encodeURIComponent(dispute.orderId)}` },
  });
}

/** The customer's email, in their language and the order's currency: their bank disputed the payment, so the service is paused. */
export function disputeCustomerMail(dispute: OpenedDispute, publicUrl: string): Email {
  const store = publicUrl.replace(/\/+$/, '');
  const words = wordsIn(dispute.locale);
  const { t } = words;
  const amount = words.price(dispute.amountCents, dispute.currency);
  return noticeMail(dispute.customerEmail, t('emails.dispute.subject', { orderId: dispute.orderId }), {
    heading: t('emails.dispute.heading'),
    greeting: t('mail.hello', { name: dispute.customerName }),
    paragraphs: [t('emails.dispute.paused', { amount, orderId: dispute.orderId }), t('emails.dispute.withdraw')],
    facts: [
      [t('mail.fact.orderId'), dispute.orderId],
      [t('mail.fact.amount'), amount],
    ],
    button: { label: t('mail.openAccount'), href: `${store}/account` },
    locale: dispute.locale,
  });
}
