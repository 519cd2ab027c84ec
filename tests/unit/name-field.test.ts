import { describe, expect, it } from 'vitest';
import { nameField } from '../../src/contract/fields';

const lastName = nameField('Last name');
const refusal = (name: unknown) => {
  const result = lastName.safeParse(name);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('a first or last name', () => {
  it.each(['Smith, Jr.', 'Dan "DJ"', 'Dan “DJ”', "O'Brien", 'O’Brien', 'José', 'Zoë', '李', 'Nguyễn', 'Mary-Jane', 'St. John', 'J. R. R.', 'Владимир', 'الخوارزمي', 'देवनागरी'])(
    'accepts %s as typed',
    (name) => {
      expect(lastName.parse(name)).toBe(name);
    },
  );

  it('trims the spaces around a name', () => {
    expect(lastName.parse('  Smith, Jr.  ')).toBe('Smith, Jr.');
  });

  it.each([
    ['12345', 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes'],
    ['bob@example.com', 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes'],
    ['mail me@evil', 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes'],
    ['<b>x</b>', 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes'],
    ['Ada <', 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes'],
    ['https://evil.example/win', 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes'],
    ['visit example.com', 'Last name must not contain a web address'],
    ['www.Evil', 'Last name must not contain a web address'],
    ['Bell\u0007', 'Last name must not contain control characters'],
    ['Ada\nSubject: win', 'Last name must not contain control characters'],
    ['Ada\n', 'Last name must not contain control characters'],
    ['', 'Last name is required'],
    ['   ', 'Last name is required'],
    ['x'.repeat(51), 'Last name must be at most 50 characters'],
  ])('refuses %j: "%s"', (name, message) => {
    expect(refusal(name)).toBe(message);
  });
});
