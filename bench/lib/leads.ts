/**
 * The benches' leads, from the lead table (web/src/domain/lead.ts) as the public forms store them:
 * a field added there is in every bench's leads without a change here.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { LeadForm, LeadInput } from '../../web/src/domain/lead.ts';
import { toLead, type FormValues } from '../../web/src/domain/lead-form.ts';
import { exampleFormValues, sampleFormValues } from '../../web/src/domain/testing/lead-samples.ts';

/**
 * What `form` stores for an application at `values`, the other fields at the table's examples,
 * or drawn with `random` (valid values of each field's options, bounds and format) when given.
 */
export function application<Form extends LeadForm>(
  form: Form,
  values: Partial<FormValues<Form>> = {},
  random?: () => number,
): LeadInput<Form> {
  const base = random ? sampleFormValues(form, random) : exampleFormValues(form);
  return toLead(form, { ...base, ...values });
}

/** A fixed-seed generator (mulberry32): the same seed, the same numbers, even for seeds 0, 1, 2… */
export function fixedRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The next step the panel benches give active lead `i` (bench/panel.ts, its snapshot and the
 * profile harness alike): every 20th has one, from three days late to two days ahead of `now`
 * (about 600 of 20,000 due by the end of today: 'Para hoje'), half of them `adminEmail`'s.
 */
export function benchNextStep(
  i: number,
  now: number,
  adminEmail: string,
): { kind: 'entrevista' | 'retornar'; dueMs: number; assignedTo: string } | null {
  if (i % 20 !== 0) return null;
  const dayMs = 86_400_000;
  return {
    kind: i % 40 === 0 ? 'entrevista' : 'retornar',
    dueMs: now - 3 * dayMs + ((i * 7_919) % (5 * dayMs)),
    assignedTo: i % 40 === 0 ? adminEmail : 'colega@vagas.test',
  };
}

/** `benchNextStep` as firebase-admin writes it on the lead (nothing for a lead without one). */
export function benchNextStepFields(i: number, now: number, adminEmail: string) {
  const step = benchNextStep(i, now, adminEmail);
  if (!step) return {};
  return {
    next_step: { kind: step.kind, due_at: Timestamp.fromMillis(step.dueMs) },
    assigned_to: step.assignedTo,
  };
}
