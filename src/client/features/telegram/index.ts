// The telegram feature's face: the account's card that links a Telegram chat (decision 0103).
export { TelegramCard } from './TelegramCard';
