/**
 * The admin's calls of the Incidents section (decision 0094), for the server and the pages.
 * Kept apart from the schemas (like admin-renewal-paths.ts) so that the client's routes
 * module reads them without loading zod.
 */
const segment = encodeURIComponent;

export const adminIncidentPaths = {
  list: '/api/admin/incidents',
  detail: (incidentId: string) => `/api/admin/incidents/${segment(incidentId)}`,
  compensate: (incidentId: string) => `/api/admin/incidents/${segment(incidentId)}/compensate`,
} as const;
