import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';
import { formatMoney, parseMoney, type Cents } from '#domain/money';

/**
 * The input fields requests share (ARCHITECTURE "Shared input fields"): one rule for each
 * kind of value, and one refusal of control characters and of text that is not Unicode. No
 * form field needs them, they can hide text from whoever reads it, and PostgreSQL cannot store
 * NUL or a lone surrogate at all.
 */

/** No C0 control (NUL, tab and line breaks among them), DEL or C1 control anywhere. */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's whole point
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/**
 * Half of a UTF-16 surrogate pair without its other half. JSON can spell one ("\ud800"), but
 * it is no character: PostgreSQL refuses it in jsonb (the audit log's rows), and in text it
 * turns into U+FFFD unseen. String.prototype.isWellFormed says the same, but it is ES2024 and
 * the pages, which check with these rules too, are built for ES2022 browsers.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** Any text of `label`, control characters and lone surrogates refused; the start of every text field. */
export const plainText = (label: string, requiredMessage = `${label} must be text`) =>
  z
    .string({ error: requiredMessage })
    .regex(WITHOUT_CONTROL_CHARACTERS, `${label} must not contain control characters`)
    .refine((text) => !LONE_SURROGATE.test(text), `${label} must be valid Unicode text`);

/** No control character but the line break: paragraphs. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the rule
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/**
 * Text of paragraphs (an incident's message, a policy's Markdown): Windows line ends made
 * plain, trimmed, not blank, at most `max` characters, no other control character and no
 * lone surrogate. A lone surrogate is tested on the text as sent, before anything is cut or
 * trimmed, so a pair split by the length check is never what decides.
 */
export const paragraphText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .refine((text) => !LONE_SURROGATE.test(text), `${label} must be valid Unicode text`)
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max} characters`)
        .refine((text) => !CONTROL_BUT_LINE_BREAK.test(text), `${label} must not contain control characters`),
    );

/** Trimmed text that must not be blank: names, ids, codes and tokens. */
export const requiredText = (label: string, max = 100, tooLong = `${label} must be at most ${max} characters`) =>
  plainText(label, `${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong);

/** Trimmed text that may be absent; blank ('' or only spaces) counts as absent (null). */
export const optionalText = (label: string, max: number) =>
  plainText(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((text) => text || null);

/**
 * Letters of any script with their accents, spaces, apostrophes, hyphens, dots, commas and
 * double quotes, as in 'Smith, Jr.' and 'Dan "DJ"'. The typographic ’ “ ” are there because a
 * phone's keyboard turns ' and " into them. Digits, '@' and '<' '>' stay out: with no web
 * address (below) a name cannot carry a link, an address or markup into the store's emails.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M}' ’.,"“”-]*$/u;
/** Two words joined by a dot, as in a host name ('example.com', 'www.x'). */
const WEB_ADDRESS = /\p{L}{2,}\.\p{L}{2,}|www\./iu;

/**
 * A person's first or last name. Names go into the store's emails, so they carry no web
 * address, '@' or markup that would let a visitor send text of their own through the store.
 */
export const nameField = (label: string) =>
  requiredText(label, 50)
    .regex(NAME_CHARACTERS, `${label} may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes`)
    .refine((name) => !WEB_ADDRESS.test(name), `${label} must not contain a web address`);

/** A person's name's characters, and digits: a device may be 'TV 2' or 'Bedroom 1'. */
const LABEL_CHARACTERS = /^[\p{L}\p{M}\p{Nd}' ’.,"“”-]*$/u;

const LABEL_CHARACTER_WORDS = 'letters, digits, spaces, apostrophes, hyphens, dots, commas and quotes';

/** The rule of labelField in words, as a form says it under the field before anything is typed. */
export const labelRule = (max: number) => `1-${max} characters: ${LABEL_CHARACTER_WORDS}; no web address.`;

/**
 * A name a customer gives a thing of theirs, as a device's label: the rules of a person's
 * name (no web address, '@' or markup), digits allowed, at most `max` characters.
 */
export const labelField = (label: string, max: number) =>
  requiredText(label, max)
    .regex(LABEL_CHARACTERS, `${label} may contain only ${LABEL_CHARACTER_WORDS}`)
    .refine((name) => !WEB_ADDRESS.test(name), `${label} must not contain a web address`);

/** Trimmed and lower-cased, so that one address is one customer whatever its spelling. */
export const emailField = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Invalid email address')
  .pipe(z.email({ error: 'Invalid email address' }));

/** Optional; an empty field counts as none. */
export const phoneField = optionalText('Phone number', 40);

/**
 * A coupon's code: ASCII letters, digits, '-' and '_'. A code is shown in emails, pages and
 * CSV files and is typed by buyers, so it carries no markup ('<SCRIPT>'), no formula
 * ('=HYPERLINK('), no path ('../') and no character that hides or reorders text (U+202E); and
 * ASCII upper-cases to one spelling of the same length ('ß' would become 'SS').
 */
export const COUPON_CODE_CHARACTERS = /^[A-Za-z0-9_-]*$/;
export const COUPON_CODE_CHARACTERS_MESSAGE = 'Coupon code may contain only letters A-Z, digits, - and _';

/** Upper-cased as the coupon box shows it. */
export const couponCodeField = requiredText('Coupon code', 64)
  .regex(COUPON_CODE_CHARACTERS, COUPON_CODE_CHARACTERS_MESSAGE)
  .transform((code) => code.toUpperCase());
/** The checkout's coupon box: a blank code means no coupon. */
export const optionalCouponCodeField = optionalText('Coupon code', 64)
  .refine((code) => code === null || COUPON_CODE_CHARACTERS.test(code), COUPON_CODE_CHARACTERS_MESSAGE)
  .transform((code) => code && code.toUpperCase());
/**
 * A coupon the store already has, named in a path: made before codes were limited to
 * couponCodeField's characters, it can still be changed and switched off.
 */
export const existingCouponCodeField = requiredText('Coupon code', 64).transform((code) => code.toUpperCase());

/**
 * An amount as the API spells money ('12.34', or '12' and '12.5' for short), from zero to
 * `max`; answers the '0.00' form the database and the package list use.
 */
export const moneyField = (label: string, max: Cents) =>
  z
    .string({ error: `${label} must be an amount such as 12.34` })
    .trim()
    .regex(/^-?\d{1,8}(\.\d{1,2})?$/, `${label} must be an amount such as 12.34`)
    .transform(parseMoney)
    .pipe(z.number().min(0, `${label} must not be negative`).max(max, `${label} must be at most ${formatMoney(max)}`))
    .transform(formatMoney);

/** A query's whole number from 1 to `max` ('?days=30', '?weeks=12'), `fallback` when absent; one message for every way it is wrong. */
export const countQueryField = (name: string, max: number, fallback: number) => {
  const rule = `${name} must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error: rule }).int(rule).min(1, rule).max(max, rule).default(fallback);
};

const UNSUPPORTED_CURRENCY_FORM = `Unsupported currency. Supported currencies: ${SUPPORTED_CURRENCIES.join(', ')}`;

/**
 * The currency a buyer's request names (decision 0104), or null for the store's default,
 * USD. Only its form (three letters, in any case) is checked here: which currencies the
 * store sells in now is the server's to say, in its 400 naming them.
 */
export const optionalCurrencyField = z
  .string({ error: UNSUPPORTED_CURRENCY_FORM })
  .trim()
  .regex(/^[A-Za-z]{3}$|^$/, UNSUPPORTED_CURRENCY_FORM)
  .nullish()
  .transform((currency) => currency || null);

/** A currency the store sells in (decision 0104); any other is refused with the supported ones named. */
export const currencyField = z.enum(SUPPORTED_CURRENCIES, { error: `Currency must be one of ${SUPPORTED_CURRENCIES.join(', ')}` });
