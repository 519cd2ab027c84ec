/** An email the store sends: order confirmations, setup and reset links, reminders. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailProvider {
  /** 'smtp' sends for real; 'outbox' keeps mail in the database for a newcomer to read. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
