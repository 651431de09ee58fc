/**
 * The vacancy lists a prerendered application page was drawn with: the open jobs and localities as
 * they were at build time. The build's server render sets them before rendering and writes them
 * into the page's boot data; in the browser they are read back from it, so the first render
 * matches the HTML (hydration) before the page corrects them from Firestore.
 */
import type { LeadForm } from '@/domain/lead';
import type { OpenLists } from '@/domain/lead-form';
import { readBootData, type BootData } from './boot';

type PageLists = NonNullable<BootData['lists']>;

let rendered: PageLists | undefined;
let fromPage: PageLists | undefined;

/** The lists the server render draws the page with (entry-server.tsx). */
export function renderWithLists(lists: PageLists): void {
  rendered = lists;
}

/** `form`'s lists as the page was prerendered with them; undefined when it was not. */
export function prerenderedLists(form: LeadForm): OpenLists | undefined {
  if (typeof document === 'undefined') return rendered?.[form];
  fromPage ??= readBootData(document).lists ?? {};
  return fromPage[form];
}
