/** Leads for the panel's browser tests: seeded and removed with firebase-admin, and rules swapped to make the emulator refuse. */
import { readFileSync } from 'node:fs';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { leadKeys } from '@vagas/common';
import type { CallCenterLeadInput, LeadForm } from '../../web/src/domain/lead';
import { toLead } from '../../web/src/domain/lead-form';
import { exampleFormValues } from '../../web/src/domain/testing/lead-samples';
import { injectAxe } from './axe';
import { adminFirestore, useLocalSuite } from './suite';

/** `form`'s application at the lead table's examples (web/src/domain/lead.ts), as stored. */
export function exampleApplication(form: LeadForm) {
  return toLead(form, exampleFormValues(form));
}

/** The form fields of a seeded lead that names no other: the root page's example application. */
export const seededFields = exampleApplication('root');

/** A lead to seed: its name, any form field to give it, its status, its age and trashing. */
export type SeedLead = Partial<Record<keyof CallCenterLeadInput, string | number>> & {
  nome: string;
  status?: string;
  /** Minutes before now (default: in seeding order, a second apart, newest first). */
  ageMinutes?: number;
  trashedMinutesAgo?: number;
  /** The responsible admin's email. */
  assigned_to?: string;
  /** A next step, as the record stores it. */
  next_step?: { kind: string; due_at: Date; text?: string };
};

/** A tag no other test uses, to find this run's leads by name. */
export function uniqueTag(label: string): string {
  return `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Writes `leads` (bypassing rules) in batches of 500; returns their ids in the same order. */
export async function seedLeads(
  leads: SeedLead[],
  db: Firestore = adminFirestore(),
): Promise<string[]> {
  const now = Date.now();
  const ids: string[] = [];
  for (let start = 0; start < leads.length; start += 500) {
    const batch = db.batch();
    leads.slice(start, start + 500).forEach((lead, i) => {
      const ref = db.collection('leads').doc();
      ids.push(ref.id);
      const { ageMinutes, trashedMinutesAgo, ...fields } = lead;
      const createdMs =
        ageMinutes === undefined ? now - (start + i) * 1000 : now - ageMinutes * 60_000;
      const whatsapp = String(fields.whatsapp ?? seededFields.whatsapp);
      batch.set(ref, {
        ...seededFields,
        status: 'novo',
        ...fields,
        whatsapp,
        // What the leadTimeline function would write: the panel searches them at once.
        ...leadKeys(fields.nome, whatsapp),
        created_at: Timestamp.fromMillis(createdMs),
        deleted_at:
          trashedMinutesAgo === undefined
            ? null
            : Timestamp.fromMillis(now - trashedMinutesAgo * 60_000),
      });
    });
    await batch.commit();
  }
  return ids;
}

/** Deletes leads by id (batches of 500). */
export async function removeLeads(
  ids: readonly string[],
  db: Firestore = adminFirestore(),
): Promise<void> {
  for (let start = 0; start < ids.length; start += 500) {
    const batch = db.batch();
    for (const id of ids.slice(start, start + 500)) batch.delete(db.collection('leads').doc(id));
    await batch.commit();
  }
}

/** The stored lead, as firebase-admin reads it. */
export async function storedLead(id: string) {
  return (await adminFirestore().collection('leads').doc(id).get()).data();
}

const realRules = () => readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

async function putRules(content: string): Promise<void> {
  const suite = useLocalSuite();
  const response = await fetch(
    `http://${suite.firestoreHost}/emulator/v1/projects/${suite.projectId}:securityRules`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
    },
  );
  if (!response.ok) throw new Error(`loading rules: ${response.status} ${await response.text()}`);
}

/**
 * Rules where an admin may read leads as `leadRead` allows, and write nothing; settings and the
 * allow-list stay readable.
 */
export function refusingRules(leadRead: string): string {
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isAdmin() {
      return request.auth != null && request.auth.token.get('admin', false) == true;
    }
    match /leads/{leadId} {
      ${leadRead}
    }
    match /settings/{name} {
      allow get: if true;
    }
    // The allow-list stays readable as in firestore.rules: the panel's membership watcher would
    // otherwise sign out ('Acesso negado') before the leads' own refusal is seen.
    match /admins/{email} {
      allow get, list: if isAdmin();
    }
  }
}`;
}

/** Runs `work` with `rules` loaded into the running emulator, then puts firestore.rules back. */
export async function withRules<T>(rules: string, work: () => Promise<T>): Promise<T> {
  await putRules(rules);
  try {
    return await work();
  } finally {
    await putRules(realRules());
  }
}

/** The search box of the Leads tab. */
export const searchBox = (page: Page) =>
  page.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' });

/** The table row (desktop) showing `text`. */
/** The number a counter of the Leads tab shows ('Total de Leads', …), as written. */
export const counter = (page: Page, name: string) => () =>
  page.getByRole('group', { name }).locator('p').nth(1).textContent();

export const row = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

/** The cells of the table row showing `text`, by their column's header (as written). */
export async function cellsOf(page: Page, text: string): Promise<Record<string, string>> {
  const headers = (await page.locator('thead th').allTextContents()).map((h) => h.trim());
  const cells = await row(page, text).locator('td').allTextContents();
  return Object.fromEntries(headers.map((header, i) => [header, cells[i] ?? '']));
}

/**
 * The names of the leads the Leads table lists, top to bottom (from each row's 'Selecionar …'
 * checkbox). Poll it for the exact list a step should produce: a row count can already be right
 * before the table shows the new state (the previous filter's rows).
 */
export const listedNames = (page: Page) => async (): Promise<string[]> => {
  const labels = await page
    .locator('tbody tr input[type="checkbox"][aria-label^="Selecionar "]')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.slice('Selecionar '.length));
};

/** Whether a toast titled `title` is on screen. */
export const toast = (page: Page, title: string) => () =>
  page.locator('.mantine-Notification-title', { hasText: title }).first().isVisible();

/**
 * Has `page` record the title of every toast it shows from its next load on, so a toast the page
 * shows just before it navigates away (a sign-out) is still seen by `toastShown`.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const titles: string[] = [];
    (window as unknown as { toastTitles: string[] }).toastTitles = titles;
    new MutationObserver(() => {
      document.querySelectorAll('.mantine-Notification-title').forEach((title) => {
        const text = title.textContent ?? '';
        if (!titles.includes(text)) titles.push(text);
      });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Whether `page` has shown a toast titled `title` since its load (`recordToasts`). */
export const toastShown = (page: Page, title: string) => () =>
  page.evaluate(
    (wanted) => (window as unknown as { toastTitles?: string[] }).toastTitles?.includes(wanted),
    title,
  );

/**
 * axe-core's serious and critical violations inside `selectors` (the tab bar and the open tab; the
 * header and the toasts belong to the admin shell, checked by its own tests).
 */
export async function seriousAxeViolationsIn(page: Page, selectors: string[]): Promise<string[]> {
  await injectAxe(page);
  const results = await page.evaluate(
    (include) =>
      (
        window as unknown as {
          axe: { run: (context: unknown) => Promise<import('axe-core').AxeResults> };
        }
      ).axe.run({ include: include.map((selector) => [selector]) }),
    selectors,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Chooses today as the Leads tab's 'Período' (one day: the picker's day button pressed twice), the
 * day as the picker names its buttons ('D MMMM YYYY', pt-BR) in the contexts' time zone.
 */
export async function chooseTodayAsPeriod(page: Page): Promise<void> {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Bahia', ...options }).format(new Date());
  const today = `${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}`;
  await page.getByLabel('Período').click();
  await page.getByRole('button', { name: today, exact: true }).click();
  await page.getByRole('button', { name: today, exact: true }).click();
}
