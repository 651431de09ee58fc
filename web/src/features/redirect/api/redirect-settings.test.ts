import { describe, expect, test, vi } from 'vitest';
import { fallbackRedirectSettings } from '@/domain/settings';

// The parser is pure; keep the Firebase modules out of jsdom.
vi.mock('../../../lib/firebase/firestore-lite', () => ({ firestoreLite: {} }));
vi.mock('../../../lib/firebase/functions', () => ({ functions: {} }));
vi.mock('../../../lib/firebase/app', () => ({
  firebaseApp: { options: {} },
  connectsToEmulators: false,
  emulatorHosts: {},
}));

const { parseRestRedirectSettings } = await import('./redirect-settings');

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
