import { describe, expect, it } from 'vitest';
import { deviceChangeRequestSchema, macField } from '../../src/contract/devices';
import { portalUrl, xmltvUrl } from '../../src/domain/devices';

describe('a MAC address', () => {
  it('takes six hex pairs with colons, dashes or nothing, answered upper case with colons', () => {
    for (const written of ['00:1a:79:12:34:5f', '00-1A-79-12-34-5F', '001a7912345f', ' 00:1A:79:12:34:5F ']) {
      expect(macField.parse(written)).toBe('00:1A:79:12:34:5F');
    }
    expect(macField.parse('d8:3b:bf:00:00:01')).toBe('D8:3B:BF:00:00:01');
  });

  it('refuses anything else with the message naming the form', () => {
    for (const wrong of ['00:1A:79:12:34', '00:1A:79:12:34:56:78', '00:1A-79:12:34:56', '00:1A:79:12:34:5G', '00.1A.79.12.34.56']) {
      expect(macField.safeParse(wrong).error?.issues[0]?.message, wrong).toBe('MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56');
    }
    expect(macField.safeParse('').error?.issues[0]?.message).toBe('MAC address is required');
  });

  it.each(['FF:FF:FF:FF:FF:FF', 'ff-ff-ff-ff-ff-ff', '00:00:00:00:00:00', '000000000000', '01:00:5E:00:00:FB', '33:33:00:00:00:01', '01:80:C2:00:00:0E', '03:00:00:00:00:01'])(
    "refuses %s, which no device has (broadcast, all zeros or multicast)",
    (mac) => {
      expect(macField.safeParse(mac).error?.issues.map((issue) => issue.message)).toEqual([
        "This MAC address is not a real device's (all zeros, broadcast or multicast): check the sticker under the box",
      ]);
    },
  );

  it("takes a device's own address, whatever its maker", () => {
    for (const mac of ['00:1A:79:00:00:01', '00:00:00:00:00:01', 'FE:FF:FF:FF:FF:FF', '02:00:00:00:00:00', 'D8:3B:BF:00:00:01']) expect(macField.parse(mac)).toBe(mac);
  });
});

describe("a device's label", () => {
  const label = (value: unknown) => deviceChangeRequestSchema.safeParse({ label: value });
  it('is 1-30 characters of a name, digits allowed, trimmed', () => {
    expect(label(' Living room TV ').data).toEqual({ label: 'Living room TV' });
    expect(label('Bedroom 2').success).toBe(true);
    expect(label('A'.repeat(30)).success).toBe(true);
    expect(label('A'.repeat(31)).error?.issues[0]?.message).toBe('Device name must be at most 30 characters');
    expect(label('TV@home').success).toBe(false);
    expect(label('<i>TV</i>').success).toBe(false);
    expect(label('www.tv').error?.issues[0]?.message).toBe('Device name must not contain a web address');
  });
});

describe("a device's addresses", () => {
  it('are the XMLTV guide of its login and the portal of the server', () => {
    expect(xmltvUrl('http://tv.example.com/', 'spabc', 'Pw1')).toBe('http://tv.example.com/xmltv.php?username=spabc&password=Pw1');
    expect(portalUrl('http://tv.example.com')).toBe('http://tv.example.com/c/');
  });

  it("write a login's every character as URLSearchParams does", () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    const logins = [ascii, 'a b+c', "it's (ok)!~*", 'café ☕ 😀', 'lone \ud800 surrogate', '\udfff', '', 'Pw-1._*'];
    for (const login of logins) {
      const expected = `http://tv.example.com/xmltv.php?${new URLSearchParams({ username: login, password: login }).toString()}`;
      expect(xmltvUrl('http://tv.example.com', login, login), JSON.stringify(login)).toBe(expected);
    }
    expect(xmltvUrl('http://tv.example.com', 'a b', "x'y")).toBe('http://tv.example.com/xmltv.php?username=a+b&password=x%27y');
  });
});
