import { z } from 'zod';

/**
 * The days and moments a request names (a coupon's dates, a box's delivery, the admin's date
 * filters): ISO 8601, and in the years the store can mean. ISO's format alone takes any year
 * from 0000, which PostgreSQL refuses ("date/time field value out of range") with a 500.
 */

const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** The year as written, so that a moment's offset cannot move it out of or into the range. */
const inStoreYears = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

const outOfYears = (label: string) => `${label} must be in the years ${FIRST_YEAR} to ${LAST_YEAR}`;

/** A whole day, '2026-12-31'. */
export const dayField = (label: string) =>
  z.iso.date({ error: `${label} must be a date such as 2026-12-31` }).refine(inStoreYears, outOfYears(label));

/** A moment with its offset, '2026-12-31T23:59:59Z', as a Date. */
export const instantField = (label: string, example: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time such as ${example}` })
    .refine(inStoreYears, outOfYears(label))
    .transform((text) => new Date(text));
