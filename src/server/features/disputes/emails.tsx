import { createElement } from 'react';
import { formatDollars, type Cents } from '#domain/money';
import { EmailButton, EmailLayout, Facts, Paragraph, type Email } from '#server/lib/email/index';

export interface DisputeNoticeProps {
  heading: string;
  greeting: string;
  paragraphs: string[];
  facts: Array<[string, string]>;
  button: { label: string; href: string };
}

/** A dispute's notice (decision 0100): to the owner, what to do and by when; to the customer, that the service is paused. */
export function DisputeNoticeEmail({ heading, greeting, paragraphs, facts, button }: DisputeNoticeProps) {
  return (
    <EmailLayout preview={paragraphs[0] ?? heading} heading={heading}>
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
  reason: string;
  dueBy: Date | null;
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
      ['Amount', formatDollars(dispute.amountCents)],
      ['Reason', dispute.reason],
      ['Evidence due', dueText(dispute.dueBy)],
    ],
    button: { label: 'Open the order', href: `${store}/admin/orders/${encodeURIComponent(dispute.orderId)}` },
  });
}

/** The customer's email: their bank disputed the payment, so the service is paused. */
export function disputeCustomerMail(dispute: OpenedDispute, publicUrl: string): Email {
  const store = publicUrl.replace(/\/+$/, '');
  return noticeMail(dispute.customerEmail, `Your payment for order ${dispute.orderId} was disputed`, {
    heading: 'Your payment was disputed',
    greeting: `Hello ${dispute.customerName},`,
    paragraphs: [
      `Your bank told us that the payment of ${formatDollars(dispute.amountCents)} for StreamPlus order ${dispute.orderId} is disputed, so its service is paused.`,
      'If you did not mean to dispute it, ask your bank to withdraw the dispute; the service resumes when it closes in our favour. Reply to this email with any question.',
    ],
    facts: [
      ['Order ID', dispute.orderId],
      ['Amount', formatDollars(dispute.amountCents)],
    ],
    button: { label: 'Open your account', href: `${store}/account` },
  });
}
