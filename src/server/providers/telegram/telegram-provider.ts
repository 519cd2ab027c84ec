/**
 * Where the owner's alerts go besides email (decision 0093): a Telegram chat through a bot of
 * the owner's (the Bot API's sendMessage), or the demo twin when no bot is configured (D7).
 */
export interface TelegramProvider {
  /** 'telegram' posts for real; 'demo' only logs what it would post. */
  readonly kind: 'telegram' | 'demo';
  /** Posts `text` to the configured chat; throws when Telegram does not take it, so the sending job retries. */
  send(text: string): Promise<void>;
}
