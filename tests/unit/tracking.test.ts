import { describe, expect, it } from 'vitest';
import { trackingLink } from '../../src/domain/tracking';

describe('trackingLink', () => {
  it.each([
    ['1Z999AA10123456784', 'UPS', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['1z 999a a101 2345 6784', 'UPS', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['9400111899223197428490', 'USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490'],
    ['9205 5000 0000 0000 0000 00', 'USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9205500000000000000000'],
    ['70140150000000000000', 'USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=70140150000000000000'],
    ['EA123456789US', 'USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=EA123456789US'],
    ['123456789012', 'FedEx', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    ['123456789012345', 'FedEx', 'https://www.fedex.com/fedextrack/?trknbr=123456789012345'],
    ['1234567890', 'DHL', 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890'],
  ])('reads %s as %s', (number, carrier, url) => {
    expect(trackingLink(number)).toEqual({ carrier, url });
  });

  it.each(['T1', '12345', '12345678901', '1234567890123', '1Z999AA1012345678', 'ABC-DEF', '12345678901234567890123', '<script>'])(
    'gives no link for %s, a number of no known shape',
    (number) => {
      expect(trackingLink(number)).toBeNull();
    },
  );
});
