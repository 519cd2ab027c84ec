import { describe, expect, it } from 'vitest';
import { isUnnormalApiPath } from '../../src/server/http/normal-paths';

describe('the one spelling of an API path (decision 0027)', () => {
  it.each([
    '/api/admin/orders/SP-1-000001/refund',
    '/api',
    '/api/admin/coupons/CAF%C3%89',
    '/api/admin/coupons/A%2FB',
    '/api/admin/coupons/50%25OFF',
    '/api/packages?x=%61%2e%2e//;',
    '/',
    '/admin',
    '/%61dmin',
    '/assets/index-abc.js',
    '/apiary',
  ])('takes %s as it is', (url) => {
    expect(isUnnormalApiPath(url)).toBe(false);
  });

  it.each([
    '/%61pi/admin/orders/x/refund',
    '/api/admin/orders/x/%72efund',
    '/%2561pi/logout',
    '/%252561pi/logout',
    '/API/logout',
    '/Api/logout',
    '//api/logout',
    '/api//logout',
    '/./api/logout',
    '/%2e/api/logout',
    '/x/../api/logout',
    '/api/../api/logout',
    '/api;x/logout',
    '/api/logout;jsessionid=1',
    '/api%2Flogout',
    '/api/admin/coupons/caf%c3%a9',
    '/api/admin/coupons/A%2541',
  ])('refuses %s', (url) => {
    expect(isUnnormalApiPath(url)).toBe(true);
  });
});
