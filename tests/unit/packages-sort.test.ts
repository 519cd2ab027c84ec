import { describe, expect, it } from 'vitest';
import { sortPackages } from '../../src/client/lib/use-packages';

describe('package order on the landing page', () => {
  it('puts the free package first, then ascending price', () => {
    const sorted = sortPackages([{ price: '69.99' }, { price: '15.99' }, { price: '0.00' }, { price: '149.99' }, { price: '39.99' }]);
    expect(sorted.map((p) => p.price)).toEqual(['0.00', '15.99', '39.99', '69.99', '149.99']);
  });
});
