/**
 * The schemas of checkout's answers. The page starts without zod (decision 0024), so each
 * loads with its first call, from the contract modules the form's validator loads too.
 */
const checkoutContract = () => import('#contract/checkout');
const cryptoContract = () => import('#contract/crypto');

export const storeConfigSchema = () => checkoutContract().then((contract) => contract.storeConfigSchema);
export const validateCouponResponseSchema = () => checkoutContract().then((contract) => contract.validateCouponResponseSchema);
export const checkoutResponseSchema = () => checkoutContract().then((contract) => contract.checkoutResponseSchema);
export const paymentSuccessResponseSchema = () => checkoutContract().then((contract) => contract.paymentSuccessResponseSchema);
export const savedCardPaymentSchema = () => checkoutContract().then((contract) => contract.savedCardPaymentSchema);
export const subscriptionListSchema = () => import('#contract/subscriptions').then((contract) => contract.subscriptionListSchema);
export const cryptoPaymentSchema = () => cryptoContract().then((contract) => contract.cryptoPaymentSchema);
