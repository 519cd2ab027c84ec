import { createElement } from 'react';
import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Paragraph, storeLink, type Email } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

/**
 * The ticket emails (decision 0102), composed here and queued by the support workflow in the
 * change's transaction, in the customer's language (decision 0107; English when not given). A
 * message is given to React as a child: it is text in the HTML part, whatever tags it holds,
 * and is the text part as written.
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

function VerifyEmail({ ticket, link, locale }: { ticket: TicketRef; link: string; locale: Locale }) {
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={t('emails.support.verify.preview', { number: ticket.number })} heading={t('emails.support.verify.heading')} locale={locale}>
      <Paragraph>
        {t('emails.support.verify.received', { subject: ticket.subject })} {t('emails.support.verify.openLink')}
      </Paragraph>
      <EmailButton href={link}>{t('emails.support.verify.button')}</EmailButton>
      <Paragraph muted>{t('emails.support.verify.keep')}</Paragraph>
    </EmailLayout>
  );
}

function ReplyEmail({ ticket, agent, reply, link, solvedLink, locale }: { ticket: TicketRef; agent: string; reply: string; link: string; solvedLink: string; locale: Locale }) {
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={t('emails.support.reply.preview', { agent, number: ticket.number })} heading={t('emails.support.reply.heading', { number: ticket.number })} locale={locale}>
      <Paragraph>{t('emails.support.reply.wrote', { agent })}</Paragraph>
      <Lines text={reply} />
      <EmailButton href={link}>{t('emails.support.openTicket')}</EmailButton>
      <Paragraph>
        {t('emails.support.reply.fixed')} <a href={solvedLink}>{t('emails.support.reply.solved')}</a>
      </Paragraph>
    </EmailLayout>
  );
}

/** Why a ticket was resolved: the customer's 7 days of silence, or the staff marking it done. */
export type ResolvedBy = 'waited' | 'staff';
const resolvedSentence = (locale: Locale, by: ResolvedBy, subject: string) => wordsIn(locale).t(by === 'waited' ? 'emails.support.resolved.waited' : 'emails.support.resolved.staff', { subject });

function ResolvedEmail({ ticket, ratingLinks, link, by, locale }: { ticket: TicketRef; ratingLinks: string[]; link: string; by: ResolvedBy; locale: Locale }) {
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={t('emails.support.resolved.preview', { number: ticket.number })} heading={t('emails.support.resolved.heading', { number: ticket.number })} locale={locale}>
      <Paragraph>
        {resolvedSentence(locale, by, ticket.subject)} {t('emails.support.resolved.reopen')}
      </Paragraph>
      <EmailButton href={link}>{t('emails.support.openTicket')}</EmailButton>
      <Paragraph>{t('emails.support.resolved.rate')}</Paragraph>
      <Paragraph>
        {ratingLinks.map((href, i) => (
          <a key={href} href={href} style={{ marginRight: '12px' }}>
            {t('emails.support.resolved.stars', { count: i + 1 })}
          </a>
        ))}
      </Paragraph>
    </EmailLayout>
  );
}

export function ticketVerifyMail(publicUrl: string, ticket: TicketRef & { id: string }, token: string, locale: Locale = 'en'): Email {
  const { t } = wordsIn(locale);
  const link = ticketPage(publicUrl, ticket.id, token);
  const text = [t('emails.support.verify.receivedText', { subject: ticket.subject }), '', t('emails.support.verify.openLink'), link, '', 'StreamPlus'].join('\n');
  return { to: ticket.email, subject: t('emails.support.verify.subject', { number: ticket.number }), text, html: createElement(VerifyEmail, { ticket, link, locale }) };
}

export function ticketReplyMail(publicUrl: string, ticket: TicketRef & { id: string }, agent: string, reply: string, token: string, locale: Locale = 'en'): Email {
  const { t } = wordsIn(locale);
  const link = ticketPage(publicUrl, ticket.id, token);
  const solvedLink = ticketPage(publicUrl, ticket.id, token, '&solved=1');
  const text = [t('emails.support.reply.wrote', { agent }), '', reply, '', `${t('emails.support.openTicket')}: ${link}`, `${t('emails.support.reply.solved')}: ${solvedLink}`, '', 'StreamPlus'].join('\n');
  return {
    to: ticket.email,
    subject: t('emails.support.reply.subject', { number: ticket.number, subject: ticket.subject }),
    text,
    html: createElement(ReplyEmail, { ticket, agent, reply, link, solvedLink, locale }),
  };
}

export function ticketResolvedMail(publicUrl: string, ticket: TicketRef & { id: string }, token: string, by: ResolvedBy = 'waited', locale: Locale = 'en'): Email {
  const { t } = wordsIn(locale);
  const link = ticketPage(publicUrl, ticket.id, token);
  const ratingLinks = [1, 2, 3, 4, 5].map((score) => ticketPage(publicUrl, ticket.id, token, `&rate=${score}`));
  const text = [
    resolvedSentence(locale, by, ticket.subject),
    t('emails.support.resolved.reopen'),
    '',
    `${t('emails.support.openTicket')}: ${link}`,
    '',
    t('emails.support.resolved.rateText'),
    ...ratingLinks.map((href, i) => `${i + 1}: ${href}`),
    '',
    'StreamPlus',
  ].join('\n');
  return {
    to: ticket.email,
    subject: t('emails.support.resolved.subject', { number: ticket.number, subject: ticket.subject }),
    text,
    html: createElement(ResolvedEmail, { ticket, ratingLinks, link, by, locale }),
  };
}
