// The panel-watch feature's face (decision 0093): one check of the provisioning panel per minute, the owner's
// alerts about it with their emails' words, the admin's Panel view route, and the panel's state now for the status page.
export { failingSince, forgetChecksBefore, isMinuteRecorded, latestCheck, latestCredits, checksOfLastHour, recordCheck, type PanelCheckRow } from './checks';
export { activeAlerts, clearAlert, raiseAlert } from './alerts';
export { panelHealthNow } from './health-now';
export { panelAlertMail, panelAlertMessage, panelAlertText, type PanelAlertEvent } from './alert-messages';
export { PanelAlertEmail, panelAlertSample } from './alert-template';
export { adminPanelRoutes } from './routes';
