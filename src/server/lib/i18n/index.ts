// The server's words in the customer's language (decision 0107): the emails' and Telegram's catalogues,
// and its refusals in the caller's (decision 0113).
export { translateRefusal } from './refusals';
export { localeOr, wordsIn, type Words } from './words';
