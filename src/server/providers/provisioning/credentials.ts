import { randomInt } from 'node:crypto';

const LOWER_AND_DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LETTERS_AND_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniform random characters from the crypto RNG (randomInt has no modulo bias). */
function randomText(alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/**
 * A device's Xtream username: 'sp' and 10 lowercase letters or digits (about 52 bits), so
 * that collisions stay negligible over millions of lines; the unique index on
 * device_credentials catches the rest.
 */
export function newLineUsername(): string {
  return `sp${randomText(LOWER_AND_DIGITS, 10)}`;
}

/** A device's password: 14 letters or digits (about 83 bits); safe inside a playlist URL. */
export function newLinePassword(): string {
  return randomText(LETTERS_AND_DIGITS, 14);
}
