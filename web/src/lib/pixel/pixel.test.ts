import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  loadPixelScript,
  resetPixelStateForTests,
  setUpPixels,
  trackCompleteRegistration,
  trackPageView,
  type Fbq,
} from './pixel';

const fixed = '1234567890123456';

describe('Meta Pixel wrapper', () => {
  let calls: unknown[][];
  beforeEach(() => {
    resetPixelStateForTests();
    calls = [];
    window.fbq = ((...args: unknown[]) => calls.push(args)) as Fbq;
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    delete window.fbq;
    delete window._fbq;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    vi.restoreAllMocks();
  });

  test('initialises the admin pixel and the fixed one once each, then PageView', () => {
    setUpPixels('555');
    setUpPixels('555');
    trackPageView();
    expect(calls).toEqual([
      ['init', '555'],
      ['init', fixed],
      ['track', 'PageView'],
    ]);
  });

  test('CompleteRegistration twice: to the admin pixel, then the company name to the fixed pixel', () => {
    trackCompleteRegistration({ contentCategory: 'Aux Serraria', value: 1 }, '555');
    expect(calls).toEqual([
      [
        'trackSingle',
        '555',
        'CompleteRegistration',
        {
          content_name: 'Candidatura Vaga',
          content_category: 'Aux Serraria',
          value: 1,
          currency: 'BRL',
        },
      ],
      [
        'trackSingle',
        fixed,
        'CompleteRegistration',
        {
          content_name: 'Candidatura 8 Rural Chocadeiras',
          content_category: 'Aux Serraria',
          value: 1,
          currency: 'BRL',
        },
      ],
    ]);
  });

  test('without an admin pixel the first event goes to every initialised pixel', () => {
    trackCompleteRegistration({ contentCategory: 'Operador de Call Center', value: 0.01 }, null);
    expect(calls[0]).toEqual([
      'track',
      'CompleteRegistration',
      {
        content_name: 'Candidatura Vaga',
        content_category: 'Operador de Call Center',
        value: 0.01,
        currency: 'BRL',
      },
    ]);
    expect(calls).toHaveLength(2);
  });

  test('a missing or throwing fbq never throws', () => {
    delete window.fbq;
    expect(() => {
      setUpPixels(null);
      trackPageView();
      trackCompleteRegistration({ contentCategory: 'x', value: 1 }, null);
    }).not.toThrow();
    window.fbq = (() => {
      throw new Error('blocked');
    }) as Fbq;
    expect(() => trackPageView()).not.toThrow();
    expect(console.warn).toHaveBeenCalled();
  });

  test('the loader installs a queueing fbq and the script only when fbq is absent', () => {
    delete window.fbq;
    loadPixelScript();
    const fbq = globalThis.window.fbq as Fbq;
    fbq('init', '555');
    expect(fbq.queue).toEqual([['init', '555']]);
    expect(document.head.querySelector('script[src*="fbevents.js"]')).not.toBeNull();
    loadPixelScript();
    expect(window.fbq).toBe(fbq);
    expect(document.head.querySelectorAll('script[src*="fbevents.js"]')).toHaveLength(1);
  });
});
