// The frame every email of the store is drawn in (decision 0040), shared by the features that
// compose emails (mail, renewals) without either importing the other (decision 0087).
export type { Email } from './email';
export { EmailButton, EmailLayout, Facts, Paragraph, PreviewSlot, UnsubscribeUrl } from './layout';
export { StoreAddress, storeLink, useStoreLink } from './store-address';
