/** Payloads of the candidate's record (notes, templates) as the panel writes them, and read-backs. */
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore';
import type { RulesHarness } from './rules-env.js';

/** A note as the panel writes it for the admin `uid` (harness emails are `${uid}@example.com`). */
export const newNote = (
  uid: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> => ({
  text: 'Não atendeu, tentar terça',
  author_uid: uid,
  author_email: `${uid}@example.com`,
  created_at: serverTimestamp(),
  updated_at: serverTimestamp(),
  ...overrides,
});

/** A message template as Configurações writes it. */
export const newTemplate = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Primeiro contato',
  text: 'Olá {nome}, recebemos sua candidatura para {vaga}.',
  updated_at: serverTimestamp(),
  ...overrides,
});

/** Reads a document with rules disabled (undefined when missing). */
export async function stored(
  t: RulesHarness,
  ...path: [string, ...string[]]
): Promise<Record<string, unknown> | undefined> {
  let data: Record<string, unknown> | undefined;
  await t.privileged(async (db) => {
    data = (await getDoc(doc(db, ...path))).data();
  });
  return data;
}

export const storedNote = (t: RulesHarness, lead: string, id: string) =>
  stored(t, 'leads', lead, 'notes', id);

/** Puts `emails` on the admin allow-list (admins/{email}), as the CLI does. */
export async function seedAllowList(t: RulesHarness, ...emails: string[]): Promise<void> {
  await t.privileged(async (db) => {
    for (const email of emails) {
      await setDoc(doc(db, 'admins', email), { email, uid: null, granted_at: new Date() });
    }
  });
}
