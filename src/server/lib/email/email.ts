import type { ReactElement } from 'react';

/**
 * An email as a feature composes it for mail.queue: the plain text every email has, and its
 * HTML as an element of a template drawn in ./layout (decision 0040), which queue renders
 * with the store's address and, for a reminder, the unsubscribe link. A plain email
 * (no `html`) is sent as text alone.
 */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: ReactElement;
}
