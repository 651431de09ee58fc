import { describe, expect, test, vi } from 'vitest';

// The parser is pure; keep the Firebase modules out of jsdom.
vi.mock('../../../lib/firebase/firestore-lite', () => ({ firestoreLite: {} }));
vi.mock('../../../lib/firebase/functions', () => ({ functions: {} }));
vi.mock('../../../lib/firebase/app', () => ({
  firebaseApp: { options: {} },
  useEmulators: false,
  emulatorHosts: {},
}));

const { fallbackRedirectSettings, parseRedirectSettings, parseRestRedirectSettings } =
  await import('./redirect-settings');

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

describe('parseRestRedirectSettings (the prerendered page’s early REST read)', () => {
  test('reads the typed REST values', () => {
    expect(
      parseRestRedirectSettings({
        fields: {
          whatsapp_link: { stringValue: ' https://wa.me/5579 ' },
          redirect_time: { integerValue: '12' },
        },
      }),
    ).toEqual({ whatsappLink: 'https://wa.me/5579', redirectTime: 12 });
    expect(parseRestRedirectSettings({ fields: { redirect_time: { doubleValue: 99.4 } } })).toEqual(
      { whatsappLink: '', redirectTime: 30 },
    );
  });

  test('no document (404) or no fields means the fallback', () => {
    expect(parseRestRedirectSettings(null)).toEqual(fallbackRedirectSettings);
    expect(parseRestRedirectSettings({})).toEqual(fallbackRedirectSettings);
  });
});
