/**
 * What the panel used of reactfire: the Firestore instance from a provider (`useFirestore`); the
 * signed-in user is `useUser` (panel-user.ts). Without reactfire's observable cache and the SDKs
 * it imports: about 8 KB gzip of the panel's first load, compiled before the first rows.
 */
import type { Firestore } from 'firebase/firestore';
import { createContext, createElement, use, type ReactNode } from 'react';

const FirestoreContext = createContext<Firestore | null>(null);

// No JSX in this file: Node scripts type-check modules that import it (data/vacancies.ts).
export function FirestoreProvider({ sdk, children }: { sdk: Firestore; children: ReactNode }) {
  return createElement(FirestoreContext, { value: sdk }, children);
}

export function useFirestore(): Firestore {
  const db = use(FirestoreContext);
  if (!db) throw new Error('useFirestore needs a FirestoreProvider above it');
  return db;
}
