/**
 * The abuse benchmark's panel, seen from what it listens to: an admin's JS SDK listening to the
 * panel's arrivals (the list's leads created since it opened, newest first: web/src/domain/
 * lead-query.ts arrivalClauses, as web/src/data/leads.ts activeLeadsSinceQuery) and deciding, with the panel's own rules (web/src/domain/arrival-gate.ts),
 * which arrivals it would chime and notify. It notes when each lead was first seen and when it
 * was announced (epoch ms), so the benchmark can time honest arrivals. App Check tokens come from
 * the emulator when it enforces App Check (`appCheck`).
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getFirestore,
  onSnapshot,
  orderBy,
  query,
  setLogLevel,
  terminate,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { ArrivalGate } from '../../web/src/domain/arrival-gate.ts';
import { arrivalClauses } from '../../web/src/domain/lead-query.ts';
import type { Lead } from '../../web/src/domain/lead.ts';
import { installAppCheck, type AppCheckMode } from './abuse-app-check.ts';

export interface Observed {
  /** Lead id -> when the listener first had it (epoch ms). */
  firstSeen: Map<string, number>;
  /** Lead id -> when the panel would have announced it (chime, notification). */
  announced: Map<string, number>;
  /** Lead id -> its name, for telling the populations apart. */
  names: Map<string, string>;
  stop: () => Promise<void>;
}

/** A stored lead as the gate reads it (its id, status and verdict). */
const asLead = (id: string, data: DocumentData): Lead =>
  ({ ...data, id, status: String(data.status ?? '') }) as unknown as Lead;

/** Starts listening as the panel does, from `since` on. */
export async function observePanel(options: {
  host: string;
  port: number;
  projectId: string;
  since: Date;
  appCheck: AppCheckMode;
}): Promise<Observed> {
  setLogLevel('silent');
  const app: FirebaseApp = initializeApp(
    { projectId: options.projectId, apiKey: 'bench' },
    'abuse-panel',
  );
  await installAppCheck(app, options.appCheck);
  const db: Firestore = getFirestore(app);
  connectFirestoreEmulator(db, options.host, options.port, {
    mockUserToken: { sub: 'abuse-bench-admin', admin: true },
  });
  const observed: Observed = {
    firstSeen: new Map(),
    announced: new Map(),
    names: new Map(),
    stop: async () => {},
  };
  const gate = new ArrivalGate();
  const announce = (leads: Lead[]) => {
    const now = Date.now();
    for (const lead of leads) observed.announced.set(lead.id, now);
  };
  let first = true;
  const arrivals = query(
    collection(db, 'leads'),
    ...arrivalClauses(options.since).map((c) => where(c.field, c.op, c.value)),
    orderBy('created_at', 'desc'),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const unsubscribe = onSnapshot(
      arrivals,
      (snapshot) => {
        const now = Date.now();
        const added: Lead[] = [];
        const modified: Lead[] = [];
        for (const change of snapshot.docChanges()) {
          if (change.type === 'removed') {
            gate.gone([change.doc.id]);
            continue;
          }
          const lead = asLead(change.doc.id, change.doc.data());
          observed.names.set(lead.id, lead.nome);
          if (!observed.firstSeen.has(lead.id)) observed.firstSeen.set(lead.id, now);
          (change.type === 'added' ? added : modified).push(lead);
        }
        if (!first) {
          announce(gate.arrived(added, now).announce);
          announce(gate.changed(modified, now).announce);
        }
        first = false;
        resolve();
      },
      reject,
    );
    const timer = setInterval(() => announce(gate.overdue(Date.now())), 1_000);
    observed.stop = async () => {
      clearInterval(timer);
      unsubscribe();
      await terminate(db);
      await deleteApp(app);
    };
  });
  await ready;
  return observed;
}
