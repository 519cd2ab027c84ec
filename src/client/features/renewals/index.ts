// The renewals feature's face: the confirmation page of an automatic renewal's charge (3-D Secure).
export { RenewalConfirm } from './RenewalConfirm';
