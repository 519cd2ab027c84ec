import { z } from 'zod';
import { PANEL_STATES, STORE_STATUSES } from '#domain/store-status';

/**
 * GET /api/status, the public status page's one call (decision 0094): the store's status,
 * what it was read from, and the incidents its owner posted that are open or ended lately.
 */

/** A package an incident names, as it was named when the incident was posted. */
export const incidentPackageSchema = z.object({ id: z.string(), name: z.string() });
export type IncidentPackage = z.infer<typeof incidentPackageSchema>;

export const publicIncidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  /** The packages it affects; null when it affects every package. */
  packages: z.array(incidentPackageSchema).nullable(),
  /** ISO 8601. */
  startedAt: z.string(),
  /** ISO 8601; null while it lasts. */
  endedAt: z.string().nullable(),
});
export type PublicIncident = z.infer<typeof publicIncidentSchema>;

export const storeStatusSchema = z.object({
  status: z.enum(STORE_STATUSES),
  checks: z.object({
    database: z.enum(['reachable', 'unreachable']),
    panel: z.enum(PANEL_STATES),
  }),
  /** When this answer was made (ISO 8601): it may be kept a few seconds. */
  checkedAt: z.string(),
  /** Open incidents first, then those ended in the last days; newest first. */
  incidents: z.array(publicIncidentSchema),
});
export type StoreStatusAnswer = z.infer<typeof storeStatusSchema>;
