import { graceState } from '#domain/renewal-milestones';

/** What the admin reads of a lapsed subscription (decision 0046): its grace period, or its suspension. */

export interface Lapse {
  graceDays: number;
  now: Date;
}

export function lapseOf(subscription: { status: string; expirationDate: Date; graceSuspendedAt: Date | null }, { graceDays, now }: Lapse) {
  const { graceEndsAt, suspended } = graceState(subscription, graceDays, now);
  return { graceEndsAt, graceSuspended: suspended };
}
