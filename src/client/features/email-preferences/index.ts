// The email-preferences feature's face: the account's switch and the unsubscribe page of reminder emails (decision 0040).
export { EmailPreferencesCard } from './EmailPreferencesCard';
export { UnsubscribeLink } from './UnsubscribeLink';
