/** The one Firebase app instance, created outside React (reactfire docs/use.md). */
import { initializeApp, type FirebaseOptions } from 'firebase/app';

const env = import.meta.env;

const firebaseOptions: FirebaseOptions = env.VITE_FIREBASE_PROJECT_ID
  ? {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    }
  : {
      apiKey: 'demo-api-key',
      authDomain: 'demo-vagas.firebaseapp.com',
      projectId: 'demo-vagas',
      // App Check tokens name the app they were minted for (emulator/README.md, "App Check").
      appId: '1:000000000000:web:0000000000000000000000',
    };

export const firebaseApp = initializeApp(firebaseOptions);

/** A `demo-` project never reaches real servers: every SDK is pointed at the local emulators. */
export const connectsToEmulators = (firebaseOptions.projectId ?? '').startsWith('demo-');

/** Splits "host:port" (with a default) for the SDKs' connect*Emulator calls. */
export function emulatorAddress(
  value: string | undefined,
  fallback: string,
): { host: string; port: number } {
  const [host, port] = (value || fallback).split(':');
  return { host, port: Number(port) };
}

export const emulatorHosts = {
  firestore: emulatorAddress(env.VITE_FIRESTORE_EMULATOR_HOST, '127.0.0.1:8080'),
  auth: emulatorAddress(env.VITE_AUTH_EMULATOR_HOST, '127.0.0.1:9099'),
  functions: emulatorAddress(env.VITE_FUNCTIONS_EMULATOR_HOST, '127.0.0.1:5001'),
};
