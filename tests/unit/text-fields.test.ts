import { describe, expect, it } from 'vitest';
import { optionalText, requiredText } from '../../src/contract/fields';

describe('a text field', () => {
  const description = requiredText('Description', 200);
  const note = optionalText('Note', 500);

  it.each(['\ud800', '\udfff', 'Spring \ud83d sale', 'sale\udc00', '\udfff\ud800'])('refuses the lone surrogate in %j as no Unicode text', (text) => {
    expect(description.safeParse(text).error?.issues[0]?.message).toBe('Description must be valid Unicode text');
    expect(note.safeParse(text).error?.issues[0]?.message).toBe('Note must be valid Unicode text');
  });

  it('takes the characters a surrogate pair makes, as emoji and other scripts', () => {
    expect(description.parse('Spring sale 😀 𝒜 李')).toBe('Spring sale 😀 𝒜 李');
    expect(note.parse('👨‍👩‍👧‍👦')).toBe('👨‍👩‍👧‍👦');
  });
});
