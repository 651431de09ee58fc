/**
 * The vacancy lists in the browser tests: the suite seeds them (scripts/lib/vacancy-seed.mjs); a
 * file that changes them puts them back after (files share the suite's data), and what a page
 * offers is read from its selects. A page reads its form's public list once after load, and the
 * vacancyLists function writes that list a moment after a vacancy changed: a test opens a page
 * only once the list says what the vacancies do (publicListsSettled).
 */
import { collections, openVacancyList, type VacancyListSource } from '@vagas/common';
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
    await publicListsSettled();
  };
}

/**
 * Waits until every form's public list (vacancy_lists/{form}) is what its vacancies say: the
 * vacancyLists function has run after the last change.
 */
export async function publicListsSettled(): Promise<void> {
  const db = adminFirestore();
  const settled = async () => {
    const vacancies = (await db.collection(collections.vacancies).get()).docs.map((d) => d.data());
    for (const form of new Set(vacancies.map((v) => String(v.form)))) {
      const mine = vacancies.filter((v) => v.form === form) as VacancyListSource[];
      const list = await db.collection(collections.vacancyLists).doc(form).get();
      const stored = (list.get('vacancies') ?? []) as Record<string, unknown>[];
      // Compared field by field: a stored map's keys need not come back in the order written.
      const flat = (v: Record<string, unknown>) => [v.kind, v.value, v.label, v.group ?? null];
      const want = openVacancyList(mine) as unknown as Record<string, unknown>[];
      if (JSON.stringify(stored.map(flat)) !== JSON.stringify(want.map(flat))) return false;
    }
    return true;
  };
  // A loop, not expect.poll: the files' afterAll (snapshotVacancies) waits for it too.
  const deadline = Date.now() + browserStepTimeout;
  while (!(await settled())) {
    if (Date.now() > deadline)
      throw new Error('the public vacancy lists did not follow the vacancies');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Closes or reopens a vacancy as the panel's 'Fechar' / 'Reabrir' stores it (past the rules). */
export async function setVacancyOpen(id: string, open: boolean): Promise<void> {
  const ref = adminFirestore().collection('vacancies').doc(id);
  await ref.update({
    open,
    ...(open ? {} : { closed_at: Timestamp.now() }),
    updated_at: Timestamp.now(),
  });
  await publicListsSettled();
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
