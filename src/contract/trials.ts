import { z } from 'zod';
import { countQueryField } from './fields';

/**
 * The free trial's abuse rules (decision 0101): the owner's daily budget, the limit per
 * network, disposable addresses refused, and the owner's trials -> paid conversion by week.
 */

export const DEFAULT_TRIAL_DAILY_BUDGET = 50;
export const MAX_TRIAL_DAILY_BUDGET = 10_000;
/** Trials one IPv4 /24 or IPv6 /48 network may start in a day of the store. */
export const TRIALS_PER_NETWORK_PER_DAY = 3;

export const TRIALS_PAUSED_TODAY = 'Free trials are paused for today. Please try again tomorrow.';
export const DISPOSABLE_EMAIL_REFUSED = 'Free trials need a permanent email address. Please use an address you check regularly.';
export const TRIAL_NETWORK_LIMIT_REACHED = 'Too many free trials from your network today. Please try again tomorrow.';

/** GET /api/trials/availability: whether the trial buttons offer a trial today. */
export const trialAvailabilitySchema = z.object({ paused: z.boolean() });

const BUDGET_RULE = `dailyBudget must be a whole number from 0 to ${MAX_TRIAL_DAILY_BUDGET}`;
export const trialBudgetField = z.number({ error: BUDGET_RULE }).int(BUDGET_RULE).min(0, BUDGET_RULE).max(MAX_TRIAL_DAILY_BUDGET, BUDGET_RULE);

/** GET /api/admin/trial-budget: the budget, and today's trials in the store's time zone. */
export const trialBudgetSchema = z.object({ dailyBudget: z.number().int(), startedToday: z.number().int(), day: z.string() });
export type TrialBudget = z.infer<typeof trialBudgetSchema>;
/** PATCH /api/admin/trial-budget. */
export const trialBudgetChangeSchema = z.strictObject({ dailyBudget: trialBudgetField }, { error: 'Send { "dailyBudget": <0 to 10000> }' });

const CONVERSION_WEEKS_DEFAULT = 12;
const CONVERSION_WEEKS_MAX = 104;
export const trialConversionQuerySchema = z.object({ weeks: countQueryField('weeks', CONVERSION_WEEKS_MAX, CONVERSION_WEEKS_DEFAULT) });

/**
 * One ISO week (Monday first, in the store's time zone) of GET /api/admin/trial-conversion:
 * the trials started that week, how many of their customers paid for an order afterwards
 * (at any time since), and that share in percent with one decimal (null for no trials).
 */
export const trialWeekSchema = z.object({
  /** '2026-W48'. */
  week: z.string(),
  /** The week's Monday, '2026-11-23'. */
  weekStart: z.string(),
  trialsStarted: z.number().int(),
  paidAfterTrial: z.number().int(),
  conversionPercent: z.number().nullable(),
});
export type TrialWeek = z.infer<typeof trialWeekSchema>;
export const trialConversionSchema = z.object({ timeZone: z.string(), weeks: z.array(trialWeekSchema) });
export type TrialConversion = z.infer<typeof trialConversionSchema>;
