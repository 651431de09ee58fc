import { describe, expect, test } from 'vitest';
import {
  isHttpLink,
  isPixelId,
  parseRedirectCount,
  parseRedirectSettings,
  pixelIdDigits,
  toWhatsappLink,
} from './settings';

describe('parseRedirectSettings', () => {
  test('reads the link and the delay', () => {
    expect(
      parseRedirectSettings({ whatsapp_link: ' https://wa.me/5579 ', redirect_time: 8 }),
    ).toEqual({ whatsappLink: 'https://wa.me/5579', redirectTime: 8 });
  });

  test('falls back to no link and 5 s when the document or a field is missing or wrong', () => {
    expect(parseRedirectSettings(undefined)).toEqual({ whatsappLink: '', redirectTime: 5 });
    expect(parseRedirectSettings({ whatsapp_link: 42, redirect_time: '9' })).toEqual({
      whatsappLink: '',
      redirectTime: 5,
    });
  });

  test('holds the delay within 1..30 seconds', () => {
    expect(parseRedirectSettings({ redirect_time: 0 }).redirectTime).toBe(1);
    expect(parseRedirectSettings({ redirect_time: 300 }).redirectTime).toBe(30);
    expect(parseRedirectSettings({ redirect_time: 2.6 }).redirectTime).toBe(3);
  });
});

describe('parseRedirectCount', () => {
  test('reads the counter, 0 when it is missing or not a number', () => {
    expect(parseRedirectCount({ redirect_count: 42 })).toBe(42);
    expect(parseRedirectCount(undefined)).toBe(0);
    expect(parseRedirectCount({ redirect_count: '3' })).toBe(0);
  });
});

describe('isHttpLink', () => {
  test('accepts http(s) links with a host', () => {
    expect(isHttpLink('https://wa.me/5579999999999')).toBe(true);
    expect(isHttpLink('http://chat.whatsapp.com/abc?x=1')).toBe(true);
  });

  test('refuses javascript:, links without scheme or host, spaces and overlong links', () => {
    expect(isHttpLink('javascript:alert(1)')).toBe(false);
    expect(isHttpLink('wa.me/5579999999999')).toBe(false);
    expect(isHttpLink('https://')).toBe(false);
    expect(isHttpLink('https://wa.me/55 79')).toBe(false);
    expect(isHttpLink(`https://wa.me/${'9'.repeat(2000)}`)).toBe(false);
  });
});

describe('toWhatsappLink', () => {
  test('a Brazilian number typed alone becomes a wa.me link with 55', () => {
    expect(toWhatsappLink('(79) 99999-9999')).toBe('https://wa.me/5579999999999');
    expect(toWhatsappLink(' 7933334444 ')).toBe('https://wa.me/557933334444');
  });

  test('a number with its country code keeps it', () => {
    expect(toWhatsappLink('+55 79 99999-9999')).toBe('https://wa.me/5579999999999');
  });

  test('links and other text are kept as typed (trimmed)', () => {
    expect(toWhatsappLink(' https://wa.me/5579 ')).toBe('https://wa.me/5579');
    expect(toWhatsappLink('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(toWhatsappLink('123')).toBe('123');
  });
});

describe('pixel id', () => {
  test('digits only, 1..32 of them', () => {
    expect(isPixelId('1234567890')).toBe(true);
    expect(isPixelId('')).toBe(false);
    expect(isPixelId('12a')).toBe(false);
    expect(isPixelId('1'.repeat(33))).toBe(false);
    expect(isPixelId(123)).toBe(false);
  });

  test('the field keeps only digits, at most 32', () => {
    expect(pixelIdDigits('12a3-4 5')).toBe('12345');
    expect(pixelIdDigits('9'.repeat(40))).toHaveLength(32);
  });
});
