/**
 * The visit's source for the lead (domain/lead.ts LeadSource): the landing URL's utm_source,
 * utm_medium and utm_campaign, and whether it had an fbclid (never its value). Kept in
 * sessionStorage for the browser session, so a candidate who lands on '/' from an ad and applies on
 * the call-center page keeps it; read in an effect and at submit time, never while rendering (the
 * pages are prerendered). Tiny on purpose: no library on the public pages.
 */
import { useCallback, useEffect } from 'react';
import { leadSourceTextFields, leadSourceTextLimits, type LeadSource } from '@/domain/lead';

const storageKey = 'vagas:visit-source';

/** A parameter's value trimmed and cut to the rules' bound (no split surrogate pair); '' is none. */
function boundedText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let text = value.trim().slice(0, leadSourceTextLimits.max);
  if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
  return text.length >= leadSourceTextLimits.min ? text : undefined;
}

/** The source a landing URL's query carries, or null when it has none of the parameters. */
export function sourceFromSearch(search: string): LeadSource | null {
  const params = new URLSearchParams(search);
  const source: LeadSource = { fbclid: params.has('fbclid') };
  for (const field of leadSourceTextFields) {
    const text = boundedText(params.get(field));
    if (text) source[field] = text;
  }
  return source.fbclid || leadSourceTextFields.some((field) => field in source) ? source : null;
}

/** A stored source re-read strictly: anything but the exact shape is ignored. */
export function parseStoredSource(json: string | null): LeadSource | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const record = value as Record<string, unknown>;
    if (typeof record.fbclid !== 'boolean') return null;
    const source: LeadSource = { fbclid: record.fbclid };
    for (const field of leadSourceTextFields) {
      const text = boundedText(record[field]);
      if (text) source[field] = text;
    }
    return source;
  } catch {
    return null;
  }
}

/** Keeps this page's URL source for the session (a later landing with parameters replaces it). */
export function captureVisitSource(): void {
  const source = sourceFromSearch(window.location.search);
  if (!source) return;
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(source));
  } catch {
    // Storage unavailable (private mode): the source is then only known on this page.
  }
}

/** The session's source (or this page's own, when storage is unavailable); null for none. */
export function visitSource(): LeadSource | null {
  try {
    const stored = parseStoredSource(sessionStorage.getItem(storageKey));
    if (stored) return stored;
  } catch {
    // Storage unavailable: fall back to the URL below.
  }
  return sourceFromSearch(window.location.search);
}

/** Captures the source once the page has mounted; returns what to add to the lead at submit. */
export function useVisitSource(): () => { source?: LeadSource } {
  useEffect(() => captureVisitSource(), []);
  return useCallback(() => {
    const source = visitSource();
    return source ? { source } : {};
  }, []);
}
