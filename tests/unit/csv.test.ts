import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvLines } from '../../src/server/http/csv';

describe('CSV encoding (RFC 4180, safe in a spreadsheet)', () => {
  it('writes plain text, numbers, booleans and empty values as they are', () => {
    expect(csvField('Grace Hopper')).toBe('Grace Hopper');
    expect(csvField(42)).toBe('42');
    expect(csvField('27.97')).toBe('27.97');
    expect(csvField(true)).toBe('yes');
    expect(csvField(false)).toBe('no');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field holding a comma, a quote, a CR or an LF, doubling its quotes', () => {
    expect(csvField('Hopper, Grace')).toBe('"Hopper, Grace"');
    expect(csvField('Grace "Amazing" Hopper')).toBe('"Grace ""Amazing"" Hopper"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('line one\r\nline two')).toBe('"line one\r\nline two"');
    expect(csvField('"')).toBe('""""');
  });

  it('puts an apostrophe before a field a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('-2+3+cmd|\' /C calc\'!A0')).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvField('=')).toBe("'=");
    // Only at the start: inside a field these characters are harmless.
    expect(csvField('a=b+c-d@e')).toBe('a=b+c-d@e');
  });

  it('leaves a field that is only a number alone, sign and all', () => {
    expect(csvField('-5')).toBe('-5');
    expect(csvField(-5)).toBe('-5');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('+12.50')).toBe('+12.50');
    expect(csvField('-5e3')).toBe("'-5e3");
    expect(csvField('-1,5')).toBe(`"'-1,5"`);
    expect(csvField('+1 555 0100')).toBe("'+1 555 0100");
  });

  it('ends every record with CRLF, and joins a batch of records', () => {
    expect(csvLine(['SP-1-1', 'Hopper, Grace', 3, null, true])).toBe('SP-1-1,"Hopper, Grace",3,,yes\r\n');
    expect(csvLines([['a', 'b'], ['c', '=d']])).toBe("a,b\r\nc,'=d\r\n");
    expect(csvLines([])).toBe('');
  });
});
