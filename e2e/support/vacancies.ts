/**
 * The vacancy lists in the browser tests: the suite seeds them (scripts/lib/vacancy-seed.mjs); a
 * file that changes them puts them back after (files share the suite's data), and what a page
 * offers is read from its selects.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { field } from '../public-support';
import { adminFirestore, browserStepTimeout } from './suite';

/** Snapshots every vacancy; the returned function puts them back as they were. */
export async function snapshotVacancies(): Promise<() => Promise<void>> {
  const db = adminFirestore();
  const saved = await db.collection('vacancies').get();
  return async () => {
    const now = await db.collection('vacancies').get();
    const kept = new Set(saved.docs.map((d) => d.id));
    const batch = db.batch();
    for (const d of now.docs) if (!kept.has(d.id)) batch.delete(d.ref);
    for (const d of saved.docs) batch.set(d.ref, d.data());
    await batch.commit();
  };
}

/** Closes or reopens a vacancy as the panel's 'Fechar' / 'Reabrir' stores it (past the rules). */
export async function setVacancyOpen(id: string, open: boolean): Promise<void> {
  const ref = adminFirestore().collection('vacancies').doc(id);
  await ref.update({
    open,
    ...(open ? {} : { closed_at: Timestamp.now() }),
    updated_at: Timestamp.now(),
  });
}

/** The options a select of the page lists when opened (then closed again). */
export async function selectOptions(page: Page, label: string): Promise<string[]> {
  const input = field(page, label);
  await input.click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const options = await listbox.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'detached' });
  return options;
}

/** Waits until the select `label` lists what `check` accepts (the page corrects its lists after load). */
export async function waitForOptions(
  page: Page,
  label: string,
  check: (options: string[]) => boolean,
): Promise<string[]> {
  let last: string[] = [];
  await expect
    .poll(
      async () => {
        last = await selectOptions(page, label);
        return check(last);
      },
      { timeout: browserStepTimeout, interval: 250 },
    )
    .toBe(true);
  return last;
}

/** Records the page's layout shifts not caused by input (CLS), from before any of its scripts. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the layout shifts recorded on `page` so far. */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() =>
    ((window as unknown as { __layoutShifts?: number[] }).__layoutShifts ?? []).reduce(
      (sum, value) => sum + value,
      0,
    ),
  );
}
