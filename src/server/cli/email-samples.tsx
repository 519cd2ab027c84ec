import type { ReactElement } from 'react';
import {
  BoxShippedEmail,
  boxShippedSample,
  claimLinkSample,
  OrderConfirmationEmail,
  orderConfirmationAutoRenewSample,
  orderConfirmationSample,
  PasswordLinkEmail,
  passwordLinkSample,
  passwordResetSample,
  RefundEmail,
  refundSample,
  renewalReceiptSample,
} from '#server/features/mail/index';
import { PanelAlertEmail, panelAlertSample } from '#server/features/panel-watch/index';
import {
  AutoRenewOffEmail,
  autoRenewOffSample,
  RenewalConfirmEmail,
  renewalConfirmSample,
  RenewalFailedEmail,
  renewalFailedSample,
  renewalNoticeSample,
  RenewalReminderEmail,
  renewalReminderSample,
  renewalSkippedSample,
  suspendedSample,
  trialReminderSample,
  winBackSample,
} from '#server/features/renewals/index';
import { CompensationEmail, compensationSample, IncidentNoticeEmail, incidentNoticeSample } from '#server/features/incidents/index';

export interface TemplateSample {
  /** The template drawn with its sample data. */
  element: ReactElement;
  /** A reminder or offer: drawn with an unsubscribe link, as mail.queue sends it with `reminder`. */
  reminder: boolean;
}

/**
 * Every email template with sample data, one entry per file `npm run mail:preview` writes
 * (decision 0040). A new template is added here; a test fails for one left out. It lives
 * above the features because it draws the templates of several of them (mail, renewals,
 * panel-watch, incidents), none of which imports another (decision 0087).
 */
export const TEMPLATE_SAMPLES: Record<string, TemplateSample> = {
  'order-confirmation': { element: <OrderConfirmationEmail {...orderConfirmationSample} />, reminder: false },
  'order-confirmation-auto-renew': { element: <OrderConfirmationEmail {...orderConfirmationAutoRenewSample} />, reminder: false },
  'order-confirmation-renewal': { element: <OrderConfirmationEmail {...renewalReceiptSample} />, reminder: false },
  'setup-link': { element: <PasswordLinkEmail {...passwordLinkSample} />, reminder: false },
  'claim-link': { element: <PasswordLinkEmail {...claimLinkSample} />, reminder: false },
  'password-reset': { element: <PasswordLinkEmail {...passwordResetSample} />, reminder: false },
  'box-shipped': { element: <BoxShippedEmail {...boxShippedSample} />, reminder: false },
  refund: { element: <RefundEmail {...refundSample} />, reminder: false },
  'renewal-failed': { element: <RenewalFailedEmail {...renewalFailedSample} />, reminder: false },
  'renewal-skipped': { element: <RenewalFailedEmail {...renewalSkippedSample} />, reminder: false },
  'renewal-confirm': { element: <RenewalConfirmEmail {...renewalConfirmSample} />, reminder: false },
  'auto-renew-off': { element: <AutoRenewOffEmail {...autoRenewOffSample} />, reminder: false },
  'renewal-reminder': { element: <RenewalReminderEmail {...renewalReminderSample} />, reminder: true },
  'renewal-notice': { element: <RenewalReminderEmail {...renewalNoticeSample} />, reminder: false },
  'trial-reminder': { element: <RenewalReminderEmail {...trialReminderSample} />, reminder: true },
  suspended: { element: <RenewalReminderEmail {...suspendedSample} />, reminder: false },
  'win-back': { element: <RenewalReminderEmail {...winBackSample} />, reminder: true },
  'panel-alert': { element: <PanelAlertEmail {...panelAlertSample} />, reminder: false },
  'incident-notice': { element: <IncidentNoticeEmail {...incidentNoticeSample} />, reminder: false },
  compensation: { element: <CompensationEmail {...compensationSample} />, reminder: false },
};
