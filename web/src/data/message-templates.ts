/**
 * WhatsApp message templates (`message_templates/{id}`): kept by admins in Configurações, used by
 * the WhatsApp buttons. Live list by name; saves stamp updated_at (the rules require request.time).
 */
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  type DocumentData,
  type Firestore,
  type FirestoreDataConverter,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import type { MessageTemplate } from '@/domain/lead-record';
import { panelWrite } from './panel-write';
import { useLiveQuery, type LiveState } from './live';

const templateConverter: FirestoreDataConverter<MessageTemplate, DocumentData> = {
  toFirestore: () => {
    throw new Error('templates are saved with saveMessageTemplate');
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): MessageTemplate {
    const data = snapshot.data();
    return { id: snapshot.id, name: String(data.name ?? ''), text: String(data.text ?? '') };
  },
};

const templates = (db: Firestore) =>
  collection(db, 'message_templates').withConverter(templateConverter);

/** Every template, by name. */
export function messageTemplatesQuery(db: Firestore): Query<MessageTemplate> {
  return query(templates(db), orderBy('name'));
}

/** The templates, live (one listener while mounted). */
export function useMessageTemplates(): LiveState<MessageTemplate[]> {
  const db = useFirestore();
  const q = useMemo(() => messageTemplatesQuery(db), [db]);
  return useLiveQuery(q);
}

/** Creates a template (no id) or replaces the template `id`. */
export async function saveMessageTemplate(
  db: Firestore,
  template: { id?: string; name: string; text: string },
): Promise<void> {
  const data = { name: template.name, text: template.text, updated_at: serverTimestamp() };
  const write = template.id
    ? setDoc(doc(db, 'message_templates', template.id), data)
    : addDoc(collection(db, 'message_templates'), data).then(() => undefined);
  await panelWrite(db, write, 'save template');
}

export function deleteMessageTemplate(db: Firestore, id: string): Promise<void> {
  return panelWrite(db, deleteDoc(doc(db, 'message_templates', id)), 'delete template');
}
