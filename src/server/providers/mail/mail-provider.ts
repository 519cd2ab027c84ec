/** An email the store sends: order confirmations, setup and reset links, reminders. */
export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text alternative; every email has one. */
  text: string;
  html?: string;
  /** More header fields: a reminder's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailProvider {
  /** 'smtp' sends for real; 'outbox' keeps mail in the database for a newcomer to read. */
  readonly kind: 'smtp' | 'outbox';
  /**
   * Delivers one email. `id` (its outbox row's) gives every attempt at the same email the
   * same Message-ID, so a receiver can drop the copy a retry sends (docs/decisions/0028).
   */
  send(message: MailMessage, id?: string): Promise<void>;
}
