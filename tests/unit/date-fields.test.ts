import { describe, expect, it } from 'vitest';
import { dayField, instantField } from '../../src/contract/dates';

describe('a day or moment a request names', () => {
  const from = dayField('from');
  const validTo = instantField('validTo', '2026-12-31T23:59:59Z');
  const refusal = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

  it('takes the years 2000 to 2100, both included, as written', () => {
    expect(from.parse('2000-01-01')).toBe('2000-01-01');
    expect(from.parse('2100-12-31')).toBe('2100-12-31');
    expect(validTo.parse('2000-01-01T00:00:00+05:00')).toEqual(new Date('1999-12-31T19:00:00Z'));
    expect(validTo.parse('2100-12-31T23:59:59Z')).toEqual(new Date('2100-12-31T23:59:59Z'));
  });

  it.each(['0000-01-01', '0000-12-31', '1999-12-31', '2101-01-01', '9999-12-31'])('refuses %s, which PostgreSQL cannot store or the store cannot mean', (day) => {
    expect(refusal(from.safeParse(day))).toBe('from must be in the years 2000 to 2100');
    expect(refusal(validTo.safeParse(`${day}T00:00:00Z`))).toBe('validTo must be in the years 2000 to 2100');
  });

  it('names the form first when the text is no date', () => {
    expect(refusal(from.safeParse('2030-02-30'))).toBe('from must be a date such as 2026-12-31');
    expect(refusal(validTo.safeParse('tomorrow'))).toBe('validTo must be a date and time such as 2026-12-31T23:59:59Z');
  });
});
