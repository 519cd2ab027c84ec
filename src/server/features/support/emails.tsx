import { createElement } from 'react';
import { EmailButton, EmailLayout, Paragraph, storeLink, type Email } from '#server/lib/email/index';

/**
 * The ticket emails (decision 0102), composed here and queued by the support workflow in the
 * change's transaction. A message is given to React as a child: it is text in the HTML part,
 * whatever tags it holds, and is the text part as written.
 */

/** Where an emailed link leads: the ticket's page with its token, which the page sends as a header. */
export const ticketPage = (publicUrl: string, ticketId: string, token: string, extra = '') => storeLink(publicUrl, `/support/ticket/${ticketId}?token=${token}${extra}`);

interface TicketRef {
  number: number;
  subject: string;
  email: string;
}

function Lines({ text }: { text: string }) {
  return (
    <>
      {text.split('\n').map((line, i) => (
        <Paragraph key={i}>{line || '\u00a0'}</Paragraph>
      ))}
    </>
  );
}

function VerifyEmail({ ticket, link }: { ticket: TicketRef; link: string }) {
  return (
    <EmailLayout preview={`Confirm your email to send ticket #${ticket.number}.`} heading="Confirm your support request">
      <Paragraph>We received your request &ldquo;{ticket.subject}&rdquo;. Open this link to confirm your email and send it to our support team:</Paragraph>
      <EmailButton href={link}>Confirm and open ticket</EmailButton>
      <Paragraph muted>Keep this email: the link shows the conversation and our replies. If you did not write to us, ignore it.</Paragraph>
    </EmailLayout>
  );
}

function ReplyEmail({ ticket, agent, reply, link, solvedLink }: { ticket: TicketRef; agent: string; reply: string; link: string; solvedLink: string }) {
  return (
    <EmailLayout preview={`${agent} replied to ticket #${ticket.number}.`} heading={`Reply to ticket #${ticket.number}`}>
      <Paragraph>{agent} of StreamPlus support wrote:</Paragraph>
      <Lines text={reply} />
      <EmailButton href={link}>Open the ticket</EmailButton>
      <Paragraph>
        Problem fixed? <a href={solvedLink}>This solved it</a>
      </Paragraph>
    </EmailLayout>
  );
}

/** Why a ticket was resolved: the customer's 7 days of silence, or the staff marking it done. */
export type ResolvedBy = 'waited' | 'staff';
const resolvedSentence = (by: ResolvedBy, subject: string) =>
  by === 'waited'
    ? `We have not heard back from you for 7 days, so we marked your ticket “${subject}” as resolved.`
    : `Our support team marked your ticket “${subject}” as resolved.`;

function ResolvedEmail({ ticket, ratingLinks, link, by }: { ticket: TicketRef; ratingLinks: string[]; link: string; by: ResolvedBy }) {
  return (
    <EmailLayout preview={`Ticket #${ticket.number} is resolved.`} heading={`Ticket #${ticket.number} is resolved`}>
      <Paragraph>{resolvedSentence(by, ticket.subject)} Reply on the ticket at any time to open it again.</Paragraph>
      <EmailButton href={link}>Open the ticket</EmailButton>
      <Paragraph>How did we do? Rate our help in one click:</Paragraph>
      <Paragraph>
        {ratingLinks.map((href, i) => (
          <a key={href} href={href} style={{ marginRight: '12px' }}>
            {i + 1} {i === 0 ? 'star' : 'stars'}
          </a>
        ))}
      </Paragraph>
    </EmailLayout>
  );
}

export function ticketVerifyMail(publicUrl: string, ticket: TicketRef & { id: string }, token: string): Email {
  const link = ticketPage(publicUrl, ticket.id, token);
  const text = [`We received your request "${ticket.subject}".`, '', 'Open this link to confirm your email and send it to our support team:', link, '', 'StreamPlus'].join('\n');
  return { to: ticket.email, subject: `Confirm your support request #${ticket.number}`, text, html: createElement(VerifyEmail, { ticket, link }) };
}

export function ticketReplyMail(publicUrl: string, ticket: TicketRef & { id: string }, agent: string, reply: string, token: string): Email {
  const link = ticketPage(publicUrl, ticket.id, token);
  const solvedLink = ticketPage(publicUrl, ticket.id, token, '&solved=1');
  const text = [`${agent} of StreamPlus support wrote:`, '', reply, '', `Open the ticket: ${link}`, `This solved it: ${solvedLink}`, '', 'StreamPlus'].join('\n');
  return { to: ticket.email, subject: `Re: [#${ticket.number}] ${ticket.subject}`, text, html: createElement(ReplyEmail, { ticket, agent, reply, link, solvedLink }) };
}

export function ticketResolvedMail(publicUrl: string, ticket: TicketRef & { id: string }, token: string, by: ResolvedBy = 'waited'): Email {
  const link = ticketPage(publicUrl, ticket.id, token);
  const ratingLinks = [1, 2, 3, 4, 5].map((score) => ticketPage(publicUrl, ticket.id, token, `&rate=${score}`));
  const text = [
    resolvedSentence(by, ticket.subject),
    'Reply on the ticket at any time to open it again.',
    '',
    `Open the ticket: ${link}`,
    '',
    'Rate our help (1 to 5):',
    ...ratingLinks.map((href, i) => `${i + 1}: ${href}`),
    '',
    'StreamPlus',
  ].join('\n');
  return { to: ticket.email, subject: `[#${ticket.number}] resolved: ${ticket.subject}`, text, html: createElement(ResolvedEmail, { ticket, ratingLinks, link, by }) };
}
