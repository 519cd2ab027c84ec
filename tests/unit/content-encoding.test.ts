import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../../src/server/http/content-encoding';

describe('the compression a caller accepts', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', null],
    ['identity', null],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate, gzip ; q=0.3', 'gzip'],
  ])('%j takes %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
