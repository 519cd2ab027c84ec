import type { Subscription } from '../../src/contract/subscriptions';

/** A subscription as GET /api/subscriptions answers it (1 Month Premium, two devices, the second inactive), changed by `overrides`. */
export function subscriptionView(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 's1',
    orderId: 'SP-1-1',
    status: 'active',
    startDate: '2026-11-01T09:00:00.000Z',
    expirationDate: '2026-12-01T09:00:00.000Z',
    deviceCount: 2,
    remainingDays: 30,
    remainingHours: 720,
    package: { id: 'p1', name: '1 Month Premium', duration: '1 Month' },
    deviceCredentials: [
      { id: 'd1', deviceName: 'Device 1', deviceNumber: 1, isActive: true, xtreamUsername: 'sp_user1', xtreamPassword: 'pass1', label: null, epgUrl: 'http://tv.example.com/xmltv.php?username=sp_user1&password=pass1', kind: 'line', mac: null, portalUrl: null, enabled: true },
      { id: 'd2', deviceName: 'Device 2', deviceNumber: 2, isActive: false, xtreamUsername: 'sp_user2', xtreamPassword: 'pass2', label: null, epgUrl: 'http://tv.example.com/xmltv.php?username=sp_user2&password=pass2', kind: 'line', mac: null, portalUrl: null, enabled: true },
    ],
    xtreamUrl: 'http://tv.example.com',
    shipment: null,
    canActivate: false,
    graceEndsAt: null,
    suspended: false,
    autoRenew: false,
    savedCard: null,
    nextChargeAt: null,
    nextChargeAmount: null,
    currency: 'USD',
    renewal: { state: 'off', nextAttemptAt: null, lastDeclineMessage: null },
    ...overrides,
  };
}
