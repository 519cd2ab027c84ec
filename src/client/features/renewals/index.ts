// The renewals feature's face: the confirmation page of an automatic renewal's charge (3-D Secure).
export { RenewalConfirm } from './RenewalConfirm';
// The bank's 3-D Secure in Stripe's window, for a renewal paid with the saved card at checkout too.
export { confirmWithStripe } from './stripe-confirm';
