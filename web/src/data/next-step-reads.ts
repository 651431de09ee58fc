/**
 * The next steps' reads ('Para hoje' and the reminders): active leads whose next step is due
 * before a time, oldest first, for one responsible or for everyone; and the signed-in admin's steps
 * due within a day (the reminders). Each query has its composite index in firestore.indexes.json:
 * `deleted_at, next_step.due_at` and `deleted_at, assigned_to, next_step.due_at`.
 */
import {
  limit,
  orderBy,
  query,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import type { Lead } from '@/domain/lead';
import { leadsCollection } from './leads';
import { countOnServer } from './server-count';

/** The stored path of a next step's date. */
export const nextStepDuePath = 'next_step.due_at';

/** null: every admin's; otherwise the responsible admin's email (lowercase). */
export type StepOwner = string | null;

function dueClauses(owner: StepOwner): QueryConstraint[] {
  return [where('deleted_at', '==', null), ...(owner ? [where('assigned_to', '==', owner)] : [])];
}

/** Active leads whose next step is due before `until` (late ones first), at most `size`. */
export function dueStepsQuery(
  db: Firestore,
  until: Date,
  owner: StepOwner,
  size: number,
): Query<Lead> {
  return query(
    leadsCollection(db),
    ...dueClauses(owner),
    where(nextStepDuePath, '<', until),
    orderBy(nextStepDuePath, 'asc'),
    limit(size),
  );
}

/** How many active leads have a next step due before `until`: one count aggregation. */
export function countDueSteps(db: Firestore, until: Date, owner: StepOwner): Promise<number> {
  return countOnServer(
    query(
      leadsCollection(db),
      ...dueClauses(owner),
      where(nextStepDuePath, '<', until),
      orderBy(nextStepDuePath, 'asc'),
    ),
  );
}

/** The most reminders one admin gets in a day. */
export const remindersPerDay = 100;

/**
 * `owner`'s next steps due in [`from`, `until`) on active leads, soonest first: what the
 * reminders wait for.
 */
export function stepsDueBetweenQuery(
  db: Firestore,
  owner: string,
  from: Date,
  until: Date,
): Query<Lead> {
  return query(
    leadsCollection(db),
    ...dueClauses(owner),
    where(nextStepDuePath, '>=', from),
    where(nextStepDuePath, '<', until),
    orderBy(nextStepDuePath, 'asc'),
    limit(remindersPerDay),
  );
}
