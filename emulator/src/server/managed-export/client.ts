/** `firestore-emulator export DIR --format firestore`: asks a running emulator for a managed export. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const EXPORT_NAME = 'firestore_export';

async function json(res: Response, url: string): Promise<unknown> {
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  if (!res.ok) throw new Error(body.error?.message ?? `${url} answered HTTP ${res.status}`);
  return body;
}

/** The database to export: the one named, else the only one holding documents. */
async function pickDatabase(base: string, database: string | undefined): Promise<string> {
  if (database) return database;
  const url = `${base}/console/api/databases`;
  const { databases } = (await json(await fetch(url), url)) as {
    databases: { name: string; documents: number }[];
  };
  const withData = databases.filter((d) => d.documents > 0);
  if (withData.length === 1) return withData[0].name;
  throw new Error(
    withData.length
      ? `several databases hold documents (${withData.map((d) => d.name).join(', ')}): name one with --database`
      : 'no database holds documents',
  );
}

/**
 * Writes `{dir}/firestore_export/...` (through the emulator's `:export` endpoint, which writes
 * the files itself, as the official emulator does) and firebase-tools' `firebase-export-metadata.json`.
 */
export async function exportManaged(
  base: string,
  dir: string,
  database: string | undefined,
): Promise<{ database: string; metadataFile: string; documents: number }> {
  const name = await pickDatabase(base, database);
  const project = name.split('/')[1];
  const url = `${base}/emulator/v1/projects/${encodeURIComponent(project)}:export`;
  const res = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({
      database: name,
      export_directory: path.resolve(dir),
      export_name: EXPORT_NAME,
    }),
  });
  const result = (await json(res, url)) as { metadataFile: string; documents: number };
  await writeFile(
    path.join(dir, 'firebase-export-metadata.json'),
    JSON.stringify(
      {
        version: 'vagas-firestore-emulator',
        firestore: {
          version: 'vagas-firestore-emulator',
          path: EXPORT_NAME,
          metadata_file: `${EXPORT_NAME}/${EXPORT_NAME}.overall_export_metadata`,
        },
      },
      null,
      2,
    ) + '\n',
  );
  return { database: name, metadataFile: result.metadataFile, documents: result.documents };
}
