import { z } from 'zod';
import { PANEL_ALERT_KINDS } from '#domain/panel-health';

/**
 * The admin's Panel view (System section, decision 0093): GET /api/admin/panel. Every instance
 * checks the provisioning panel each minute and one result per minute is kept; this is what
 * they say now and over the last hour, the reseller's credits where the panel gives them,
 * and where the owner's alerts go. Dates ISO 8601; durations in milliseconds.
 */

/** One minute's check: whether the panel answered it, how fast, and why not. */
export const panelCheckSchema = z.object({
  checkedAt: z.string(),
  reachable: z.boolean(),
  latencyMs: z.number().int(),
  error: z.string().nullable(),
});
export type PanelCheck = z.infer<typeof panelCheckSchema>;

export const adminPanelViewSchema = z.object({
  /** 'xtream-panel': the reseller panel of XTREAM_PANEL_URL; 'generator': the built-in demo, with no panel to call. */
  provider: z.enum(['xtream-panel', 'generator']),
  /** The latest check; null before the first one. */
  latest: panelCheckSchema.nullable(),
  /** The checks of the last 60 minutes: latency percentiles of the panel's answers (null with none), the failed checks, the newest failures. */
  lastHour: z.object({
    checks: z.number().int(),
    errors: z.number().int(),
    p50Ms: z.number().int().nullable(),
    p99Ms: z.number().int().nullable(),
    recentErrors: z.array(panelCheckSchema),
  }),
  /** Provisioning jobs waiting to run or to be retried: paid orders' lines and refunds' line changes the panel has not made yet. */
  provisioningJobsWaiting: z.number().int(),
  /**
   * The reseller's credits as the panel last gave them, with how long they last at the last 7
   * days' sales (one credit per device provisioned); null when the panel gives none.
   * daysLeft: null when nothing was provisioned in the last 7 days.
   */
  credits: z
    .object({
      credits: z.number(),
      checkedAt: z.string(),
      devicesLast7Days: z.number().int(),
      perDay: z.number(),
      daysLeft: z.number().nullable(),
    })
    .nullable(),
  /** Where alerts go: ALERT_EMAIL (null: no address), Telegram when configured, and the alerts raised now. */
  alerts: z.object({
    email: z.string().nullable(),
    telegram: z.boolean(),
    active: z.array(z.object({ kind: z.enum(PANEL_ALERT_KINDS), since: z.string() })),
  }),
});
export type AdminPanelView = z.infer<typeof adminPanelViewSchema>;
