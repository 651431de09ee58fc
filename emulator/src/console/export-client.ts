/** `firestore-emulator export`: fetches every database's fixture from a running emulator's console API. */
import { writeFixtures, parseFixture, type Fixture } from './fixtures.js';

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
  return res.json();
}

/** Writes `DIR/{project}/{database}.json` for each database of the emulator at `base`. */
export async function exportFromEmulator(
  base: string,
  dir: string,
): Promise<{ file: string; documents: number }[]> {
  const { databases } = (await getJson(`${base}/console/api/databases`)) as {
    databases: { name: string }[];
  };
  const fixtures: Fixture[] = [];
  for (const db of databases) {
    const url = `${base}/console/api/export?db=${encodeURIComponent(db.name)}`;
    fixtures.push(parseFixture(await getJson(url), url));
  }
  const files = await writeFixtures(dir, fixtures);
  return files.map((file, i) => ({
    file,
    documents: Object.keys(fixtures[i].documents).length,
  }));
}
