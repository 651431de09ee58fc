import { collections } from '@vagas/common';
import { describe, expect, test, vi } from 'vitest';

const lite = vi.hoisted(() => ({
  paths: [] as string[],
  stored: undefined as unknown,
}));
vi.mock('firebase/firestore/lite', () => ({
  doc: (_db: unknown, ...path: string[]) => path.join('/'),
  getDoc: async (path: string) => {
    lite.paths.push(path);
    return { get: (field: string) => (field === 'vacancies' ? lite.stored : undefined) };
  },
}));
vi.mock('@/lib/firebase/firestore-lite', () => ({ firestoreLite: {} }));

const { readOpenLists } = await import('./open-vacancies');

describe('readOpenLists', () => {
  test("reads the form's public list and gives each select its kind, groups kept", async () => {
    lite.stored = [
      { kind: 'job', value: '[Conecta] Monitor', label: 'Monitor' },
      { kind: 'locality', value: 'Aracaju - Bugio', label: 'Bugio', group: 'Aracaju' },
      { kind: 'job', value: '[Conecta] Analista', label: 'Analista' },
    ];
    expect(await readOpenLists('callCenter')).toEqual({
      vaga: [
        { value: '[Conecta] Monitor', label: 'Monitor' },
        { value: '[Conecta] Analista', label: 'Analista' },
      ],
      cidade: [{ value: 'Aracaju - Bugio', label: 'Bugio', group: 'Aracaju' }],
    });
    expect(lite.paths.at(-1)).toBe(`${collections.vacancyLists}/callCenter`);
  });

  test('a form without a public list yet says so (null): the page keeps what it has', async () => {
    lite.stored = undefined;
    expect(await readOpenLists('root')).toBeNull();
  });
});
