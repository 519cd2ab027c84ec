import { describe, expect, it } from 'vitest';
import { canonicalMailbox, maskEmail } from '../../src/domain/mailbox';

describe('canonicalMailbox', () => {
  it.each([
    ['Name@Example.com', 'name@example.com'],
    ['name+shop@example.com', 'name@example.com'],
    ['n.a.m.e@example.com', 'n.a.m.e@example.com'],
    ['n.a.m.e@gmail.com', 'name@gmail.com'],
    ['N.A.M.E+1@GoogleMail.com', 'name@gmail.com'],
    ['name+1+2@gmail.com', 'name@gmail.com'],
    ['+tag@example.com', '+tag@example.com'],
    [' name@gmail.com ', 'name@gmail.com'],
  ])('reads %s as %s', (written, mailbox) => {
    expect(canonicalMailbox(written)).toBe(mailbox);
  });
});

describe('maskEmail', () => {
  it.each([
    ['mona.lisa@example.com', 'm***@example.com'],
    ['x@shop.example.org', 'x***@shop.example.org'],
    ['not-an-address', '***'],
  ])('shows %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
