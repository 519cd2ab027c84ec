import { z } from 'zod';
import { COMPENSATION_DAYS } from '#domain/store-status';
import { instantField } from './dates';
import { paragraphText, plainText, requiredText } from './fields';
import { publicIncidentSchema } from './status';

/**
 * The admin's Incidents section (decision 0094): incidents posted to the status page, their
 * end, and the compensation that adds days to every affected subscription.
 */

export const INCIDENT_TITLE_MAX = 120;
export const INCIDENT_MESSAGE_MAX = 2000;
/** At most this many packages named by one incident; more is every package. */
const INCIDENT_PACKAGES_MAX = 50;

/** The owner's words to the customers: paragraphs allowed. */
const messageField = paragraphText('Message', INCIDENT_MESSAGE_MAX);

/** POST /api/admin/incidents. `packages` left out (or empty) means every package. */
export const newIncidentSchema = z.object({
  title: requiredText('Title', INCIDENT_TITLE_MAX),
  message: messageField,
  packages: z
    .array(requiredText('Package', 64), { error: 'packages must be a list of package ids' })
    .max(INCIDENT_PACKAGES_MAX, `packages may name at most ${INCIDENT_PACKAGES_MAX} packages`)
    .nullish()
    .transform((ids) => (ids && ids.length > 0 ? [...new Set(ids)] : null)),
  /** Email the customers whose subscription it affects, once. */
  notify: z.boolean({ error: 'notify must be true or false' }).optional().default(false),
  /** When it began, if before it was posted; now by default. */
  startedAt: instantField('startedAt', '2026-12-03T09:00:00Z').optional(),
});
export type NewIncident = z.output<typeof newIncidentSchema>;

/** PATCH /api/admin/incidents/:id: the incident's end (or a corrected one). */
export const incidentEndSchema = z.object({
  endedAt: instantField('endedAt', '2026-12-03T11:30:00Z'),
});

const DAYS_MESSAGE = `days must be a whole number from ${COMPENSATION_DAYS.min} to ${COMPENSATION_DAYS.max}`;

/** POST /api/admin/incidents/:id/compensate: 1 to 30 days; 0 or 31 is refused with a 400. */
export const compensationRequestSchema = z.object({
  days: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(COMPENSATION_DAYS.min, DAYS_MESSAGE).max(COMPENSATION_DAYS.max, DAYS_MESSAGE),
});

export const incidentParamsSchema = z.object({ id: plainText('Incident id').max(64) });

export const incidentCompensationSchema = z.object({
  days: z.number().int(),
  /** The admin who pressed it. */
  by: z.string(),
  /** ISO 8601. */
  at: z.string(),
  subscriptions: z.number().int(),
  customers: z.number().int(),
  /** Subscriptions whose panel lines still wait for the new expiry (the panel was down): the next pass does them. */
  panelPending: z.number().int(),
});

/** What the status page shows of an incident, and what the admin sees besides. */
export const adminIncidentSchema = publicIncidentSchema.extend({
  postedBy: z.string(),
  /** Customers emailed when it was posted; null when the owner did not ask. */
  notifiedCustomers: z.number().int().nullable(),
  compensation: incidentCompensationSchema.nullable(),
  /** Ended after more than an hour and not compensated: the admin offers "Compensate N days". */
  compensationOffered: z.boolean(),
  /** The days the offer suggests: one per started day of the incident. */
  suggestedDays: z.number().int(),
});
export type AdminIncident = z.infer<typeof adminIncidentSchema>;
export const adminIncidentListSchema = z.array(adminIncidentSchema);

/** What posting, ending and compensating answer: the incident as it is now, and what happened in words. */
export const incidentActionSchema = z.object({ message: z.string(), incident: adminIncidentSchema });
export type IncidentAction = z.infer<typeof incidentActionSchema>;

export const INCIDENT_NOT_FOUND = 'Incident not found';
