/**
 * The vacancy lists a new deployment starts with (web/src/domain/vacancies.ts `seedVacancies`:
 * each form's jobs and localities of the lead table, open), written to a Firestore emulator when
 * its `vacancies` collection is empty: the lists an admin changed are kept across restarts. Then
 * each form's public list (`vacancy_lists/{form}`, what the vacancyLists function keeps) is written
 * from the vacancies there, so the pages offer them before any function has run. The local suite
 * seeds every emulator it starts (npm start, the browser and functions tests, the benches), the
 * rules tests seed theirs, so a new lead's vaga and cidade are found as the rules require. Over
 * the emulator's REST API as the owner (no SDK, whatever FIRESTORE_EMULATOR_HOST says). Needs tsx
 * (it reads the web app's TypeScript lists).
 */
import { collections, openVacancyList } from '@vagas/common';

/**
 * A JSON value of Firestore's REST API.
 * @param {unknown} value
 * @returns {Record<string, unknown>}
 */
function restValue(value) {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return { integerValue: String(value) };
  if (typeof value === 'string') return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(restValue) } };
  return { mapValue: { fields: restFields(/** @type {Record<string, unknown>} */ (value)) } };
}

/** @param {Record<string, unknown>} data */
function restFields(data) {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, restValue(value)]));
}

/**
 * A stored vacancy's plain fields from the REST API (strings, booleans, integers, null).
 * @param {Record<string, Record<string, unknown>>} fields
 * @returns {Record<string, unknown>}
 */
function plain(fields) {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => {
      if ('stringValue' in value) return [key, value.stringValue];
      if ('booleanValue' in value) return [key, value.booleanValue];
      if ('integerValue' in value) return [key, Number(value.integerValue)];
      return [key, null];
    }),
  );
}

/**
 * Writes the seed's vacancies to the emulator at `firestoreHost` unless it has some already, then
 * each form's public list from the vacancies it has.
 * @param {{ firestoreHost: string, projectId: string }} at
 * @returns {Promise<boolean>} whether the seed's vacancies were written now
 */
export async function seedVacancyLists({ firestoreHost, projectId }) {
  const database = `projects/${projectId}/databases/(default)`;
  const base = `http://${firestoreHost}/v1/${database}/documents`;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const listed = await fetch(`${base}/${collections.vacancies}?pageSize=1000`, { headers });
  if (!listed.ok) throw new Error(`listing vacancies: ${listed.status} ${await listed.text()}`);
  const { documents = [] } =
    /** @type {{ documents?: { fields: Record<string, Record<string, unknown>> }[] }} */ (
      await listed.json()
    );
  /** @type {Record<string, unknown>[]} */
  let vacancies = documents.map((d) => plain(d.fields));
  const seeded = vacancies.length === 0;
  /** @type {object[]} */
  const writes = [];
  const update = (/** @type {string} */ path, /** @type {Record<string, unknown>} */ data) => ({
    update: { name: `${database}/documents/${path}`, fields: restFields(data) },
    updateTransforms: [{ fieldPath: 'updated_at', setToServerValue: 'REQUEST_TIME' }],
  });
  if (seeded) {
    /** @type {{ seedVacancies: () => ({ id: string } & Record<string, unknown>)[] }} */
    const { seedVacancies } = await import(
      // Computed: its imports are for the web app's bundler, not for this folder's type-check.
      new URL('../../web/src/domain/vacancies.ts', import.meta.url).href
    );
    vacancies = seedVacancies().map(({ id, ...fields }) => {
      writes.push(update(`${collections.vacancies}/${id}`, { ...fields, closed_at: null }));
      return fields;
    });
  }
  for (const form of new Set(vacancies.map((v) => String(v.form)))) {
    const mine = /** @type {unknown} */ (vacancies.filter((v) => v.form === form));
    const list = openVacancyList(/** @type {import('@vagas/common').VacancyListSource[]} */ (mine));
    writes.push(update(`${collections.vacancyLists}/${form}`, { vacancies: list }));
  }
  if (writes.length === 0) return false;
  const committed = await fetch(`${base}:commit`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ writes }),
  });
  if (!committed.ok) {
    throw new Error(`seeding vacancies: ${committed.status} ${await committed.text()}`);
  }
  return seeded;
}
