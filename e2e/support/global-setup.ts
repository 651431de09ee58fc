/** Starts one local suite (Firestore, Auth, Functions emulators and the built web app) for all browser tests. */
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
    web: 'preview',
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
