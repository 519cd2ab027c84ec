import { AUTO_RENEW_NEEDS_CARD, AUTO_RENEW_NOT_POSSIBLE } from '#contract/subscriptions';
import { conflict } from '#domain/errors';

/**
 * The auto-renew switch's rule (decision 0044): on needs a subscription that can still renew
 * and a saved card to charge (409 otherwise); off is always allowed and takes effect at once.
 */
export function assertCanTurnOn(settings: { status: string; savedCardId: string | null }): void {
  if (settings.status === 'cancelled') throw conflict(AUTO_RENEW_NOT_POSSIBLE);
  if (!settings.savedCardId) throw conflict(AUTO_RENEW_NEEDS_CARD);
}
