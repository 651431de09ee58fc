/**
 * Benchmark helper: leads shaped as `bench/panel.ts`'s snapshot (bench/lib/panel-snapshot.ts):
 * `active` leads, a next step on every 20th (half of them `PANEL_ADMIN`'s), then `trashed` ones,
 * created over the year before `NOW`.
 */
import type { SeedDocument } from '../src/server/journal.js';
import type { Fields } from '../src/model/values.js';
import { volumeLead } from './_lead-volume.js';

export const PROJECT = 'demo-bench';
export const DATABASE = `projects/${PROJECT}/databases/(default)`;
export const PANEL_ADMIN = 'bench-panel@vagas.test';
export const NOW = Date.parse('2026-11-26T12:00:00Z');
export const DAY_MS = 86_400_000;

/** As `bench/lib/leads.ts` `benchNextStep` gives active lead `i` one (every 20th). */
function withNextStep(fields: Fields, i: number): Fields {
  if (i % 20 !== 0) return fields;
  const due = new Date(NOW - 3 * DAY_MS + ((i * 7_919) % (5 * DAY_MS)));
  return {
    ...fields,
    next_step: {
      mapValue: {
        fields: {
          kind: { stringValue: i % 40 === 0 ? 'entrevista' : 'retornar' },
          due_at: { timestampValue: due.toISOString().replace('Z', '000Z') },
        },
      },
    },
    assigned_to: { stringValue: i % 40 === 0 ? PANEL_ADMIN : 'colega@vagas.test' },
  };
}

export function* leadDocuments(active: number, trashed: number): Generator<SeedDocument> {
  const parts = [
    { count: active, seed: 1, trashedShare: 0 },
    { count: trashed, seed: 2, trashedShare: 1 },
  ];
  for (const { count, seed, trashedShare } of parts) {
    for (let i = 0; i < count; i++) {
      const lead = volumeLead(i, count, { now: NOW, days: 365, trashedShare, seed });
      const micros = lead.createdAt * 1000;
      yield {
        database: DATABASE,
        path: `leads/${lead.id}`,
        fields: trashedShare ? lead.fields : withNextStep(lead.fields, i),
        createTime: micros,
        updateTime: micros,
      };
    }
  }
}
