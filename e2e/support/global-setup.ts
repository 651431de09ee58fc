/**
 * Starts one local suite for all browser tests: the Firestore, Auth and Functions emulators, and the
 * production build of the web app on firebase-tools' Hosting emulator with firebase.json's hosting
 * config as deployed (headers, cleanUrls, rewrites, the 404 page), so the tests cover it too.
 */
import type { TestProject } from 'vitest/node';
import { startLocalSuite } from '../../scripts/lib/local-suite.mjs';

export interface SuiteInfo {
  projectId: string;
  firestoreHost: string;
  authHost: string;
  functionsHost: string;
  webUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    suite: SuiteInfo;
  }
}

export default async function setup(project: TestProject) {
  const verbose = process.env.VAGAS_SUITE_LOG === '1';
  const suite = await startLocalSuite({
    web: 'hosting',
    functions: true,
    log: verbose ? (line) => console.log(line) : undefined,
  });
  const address = (a: { host: string; port: number } | null) => (a ? `${a.host}:${a.port}` : '');
  project.provide('suite', {
    projectId: suite.projectId,
    firestoreHost: address(suite.firestore),
    authHost: address(suite.auth),
    functionsHost: address(suite.functions),
    webUrl: suite.webUrl ?? '',
  });
  return () => suite.stop();
}
