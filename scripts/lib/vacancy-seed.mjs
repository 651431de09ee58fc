/**
 * The vacancy lists a new deployment starts with (web/src/domain/vacancies.ts `seedVacancies`:
 * each form's jobs and localities of the lead table, open), written to a Firestore emulator when
 * its `vacancies` collection is empty: the lists an admin changed are kept across restarts. The
 * local suite seeds every emulator it starts (npm start, the browser and functions tests, the
 * benches), the rules tests seed theirs, so a new lead's vaga and cidade are found as the rules
 * require. Over the emulator's REST API as the owner (no SDK, whatever FIRESTORE_EMULATOR_HOST
 * says). Needs tsx (it reads the web app's TypeScript lists).
 */

/**
 * A JSON value of Firestore's REST API.
 * @param {unknown} value
 * @returns {Record<string, unknown>}
 */
function restValue(value) {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return { integerValue: String(value) };
  if (typeof value === 'string') return { stringValue: value };
  throw new Error(`a vacancy holds no ${typeof value}`);
}

/**
 * Writes the seed's vacancies to the emulator at `host:port` unless it has some already.
 * @param {{ firestoreHost: string, projectId: string }} at
 * @returns {Promise<boolean>} whether they were written now
 */
export async function seedVacancyLists({ firestoreHost, projectId }) {
  const database = `projects/${projectId}/databases/(default)`;
  const base = `http://${firestoreHost}/v1/${database}/documents`;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const listed = await fetch(`${base}/vacancies?pageSize=1`, { headers });
  if (!listed.ok) throw new Error(`listing vacancies: ${listed.status} ${await listed.text()}`);
  const { documents = [] } = /** @type {{ documents?: unknown[] }} */ (await listed.json());
  if (documents.length > 0) return false;

  /** @type {{ seedVacancies: () => ({ id: string } & Record<string, unknown>)[] }} */
  const { seedVacancies } = await import(
    // Computed: its imports are for the web app's bundler, not for this folder's type-check.
    new URL('../../web/src/domain/vacancies.ts', import.meta.url).href
  );
  const writes = seedVacancies().map(({ id, ...fields }) => ({
    update: {
      name: `${database}/documents/vacancies/${id}`,
      fields: Object.fromEntries(
        Object.entries({ ...fields, closed_at: null }).map(([key, value]) => [
          key,
          restValue(value),
        ]),
      ),
    },
    updateTransforms: [{ fieldPath: 'updated_at', setToServerValue: 'REQUEST_TIME' }],
  }));
  const committed = await fetch(`${base}:commit`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ writes }),
  });
  if (!committed.ok)
    throw new Error(`seeding vacancies: ${committed.status} ${await committed.text()}`);
  return true;
}
