// The incidents feature's face (decision 0094): the incidents the owner posts to the public status page, their one
// compensation each with its lines, the status page's answer, and the incidents' emails, composed here and queued by
// the incidents workflow, which crosses to the subscriptions, the panel, mail and audit.
export { adminIncidentRoutes, statusRoutes } from './routes';
export { createStoreStatus } from './status';
export { adminIncidentOf, createIncidentReads } from './views';
export { findIncident, insertIncident, openIncidentLike, recordNotified, setIncidentEnd, type IncidentRow } from './incidents';
export {
  claimCompensation,
  findCompensation,
  holdPanelLine,
  markPanelLineDone,
  panelLinesDue,
  recordCompensatedLines,
  releasePanelLine,
} from './compensations';
export { affectedPackagesText, incidentNoticeMail } from './incident-notice-email';
export { compensationMail } from './compensation-email';
// Each template and its sample data, for the preview catalogue (src/server/cli/email-samples.tsx).
export { IncidentNoticeEmail, incidentNoticeSample } from './incident-notice-template';
export { CompensationEmail, compensationSample } from './compensation-template';
