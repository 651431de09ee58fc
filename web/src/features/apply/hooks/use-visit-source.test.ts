import { afterEach, describe, expect, test } from 'vitest';
import { leadSourceTextLimits } from '@/domain/lead';
import {
  captureVisitSource,
  parseStoredSource,
  sourceFromSearch,
  visitSource,
} from './use-visit-source';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the visit source', () => {
  test('reads the utm parameters and whether an fbclid was there, never its value', () => {
    const source = sourceFromSearch(
      '?utm_source=facebook&utm_medium=paid&utm_campaign=vagas-junho&fbclid=IwAR0secret&x=1',
    );
    expect(source).toEqual({
      utm_source: 'facebook',
      utm_medium: 'paid',
      utm_campaign: 'vagas-junho',
      fbclid: true,
    });
    expect(JSON.stringify(source)).not.toContain('IwAR0secret');
    expect(sourceFromSearch('?fbclid=abc')).toEqual({ fbclid: true });
    expect(sourceFromSearch('?utm_campaign=%20promo%20')).toEqual({
      utm_campaign: 'promo',
      fbclid: false,
    });
  });

  test('a URL without them (or with empty ones) has no source', () => {
    expect(sourceFromSearch('')).toBeNull();
    expect(sourceFromSearch('?utm_source=&utm_medium=%20&ref=x')).toBeNull();
  });

  test('each text is cut to the rules’ bound without splitting a character', () => {
    const long = sourceFromSearch(`?utm_source=${'a'.repeat(500)}`);
    expect(long?.utm_source).toHaveLength(leadSourceTextLimits.max);
    const emoji = sourceFromSearch(`?utm_campaign=${'a'.repeat(99)}${encodeURIComponent('🌻')}`);
    expect(emoji?.utm_campaign).toBe('a'.repeat(99));
  });

  test('kept for the session: a later page without parameters still has it, a new tagged landing replaces it', () => {
    window.history.replaceState(null, '', '/?utm_source=instagram&fbclid=1');
    captureVisitSource();
    window.history.replaceState(null, '', '/conecta');
    captureVisitSource();
    expect(visitSource()).toEqual({ utm_source: 'instagram', fbclid: true });
    window.history.replaceState(null, '', '/?utm_source=google');
    captureVisitSource();
    expect(visitSource()).toEqual({ utm_source: 'google', fbclid: false });
  });

  test('nothing stored and no parameters: no source', () => {
    expect(visitSource()).toBeNull();
  });

  test('a tampered stored value is ignored or bounded, never passed on as is', () => {
    expect(parseStoredSource('not json')).toBeNull();
    expect(parseStoredSource('[1]')).toBeNull();
    expect(parseStoredSource('{"utm_source":"x"}')).toBeNull();
    expect(
      parseStoredSource(
        JSON.stringify({ utm_source: 'x'.repeat(300), evil: 'y', utm_medium: 5, fbclid: false }),
      ),
    ).toEqual({ utm_source: 'x'.repeat(100), fbclid: false });
  });
});
