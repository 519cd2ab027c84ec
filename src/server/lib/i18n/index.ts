// The server's words in the customer's language (decision 0107): the emails' and Telegram's catalogues.
export { localeOr, wordsIn, type Words } from './words';
