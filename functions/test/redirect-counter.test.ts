import { describe, expect, it } from 'vitest';
import { planRedirectCount } from '../src/redirect-counter.js';

describe('planRedirectCount', () => {
  it('adds one when a link is configured', () => {
    expect(planRedirectCount({ whatsapp_link: 'https://wa.me/5579', redirect_count: 41 })).toEqual({
      write: true,
      count: 42,
    });
  });

  it('starts from zero when the count field is missing or not a number', () => {
    expect(planRedirectCount({ whatsapp_link: 'https://wa.me/5579' })).toEqual({
      write: true,
      count: 1,
    });
    expect(planRedirectCount({ whatsapp_link: 'https://wa.me/5579', redirect_count: 'x' })).toEqual(
      { write: true, count: 1 },
    );
  });

  it('writes nothing when there is no settings document', () => {
    expect(planRedirectCount(undefined)).toEqual({ write: false, count: 0 });
  });

  it('writes nothing when the link is empty or blank, and reports the stored count', () => {
    expect(planRedirectCount({ whatsapp_link: '', redirect_count: 7 })).toEqual({
      write: false,
      count: 7,
    });
    expect(planRedirectCount({ whatsapp_link: '   ', redirect_count: 7 })).toEqual({
      write: false,
      count: 7,
    });
  });
});
