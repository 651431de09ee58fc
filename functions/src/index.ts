/**
 * Vagas functions (Cloud Functions v2): the callables linkAdminUser, isCurrentUserAdmin,
 * and countRedirect; the team's addAdmin and removeAdmin; the lead timeline's
 * Firestore triggers (leadTimeline, which also screens each new lead: lead-screening.ts; and
 * noteTimeline); what LGPD asks of the team: how long trashed
 * leads are kept (getRetention, saveRetention, applyRetentionNow and the daily
 * applyRetentionDaily schedule) and a candidate's request (findCandidate, eraseCandidate); the
 * public list of each form's open vacancies (vacancyLists); the counters the panel and Relatórios
 * read (leadStats, kept by a trigger; reconcileLeadStats and the daily reconcileLeadStatsDaily
 * recompute them). Every callable enforces App Check (callable.ts).
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { logger, setGlobalOptions } from 'firebase-functions';
import { onSchedule } from 'firebase-functions/scheduler';
import * as candidates from './candidate-requests.js';
import * as access from './admin-access.js';
import { onCall } from './callable.js';
import { functionsConfig } from './config.js';
import { leadStatsTrigger, reconcileInput } from './lead-stats-functions.js';
import { reconcileLeadStats as runReconcile } from './lead-stats-reconcile.js';
import { countRedirect as runCountRedirect } from './redirect-counter.js';
import * as retention from './retention.js';
import * as team from './team.js';
import { leadTimelineTrigger, noteTimelineTrigger } from './timeline-triggers.js';
import { assertNoArguments, requireAdmin, requireCaller } from './validation.js';
import { vacancyListsTrigger } from './vacancy-lists.js';

setGlobalOptions({ region: functionsConfig.region, maxInstances: 10 });

const app = initializeApp();
const db = getFirestore(app);
const auth = getAuth(app);

/** The admin SDK behind linkAdminUser. */
const directory: access.AdminDirectory = {
  async getAllowListEntry(email) {
    const snap = await db.collection(functionsConfig.adminsCollection).doc(email).get();
    if (!snap.exists) return null;
    const uid = snap.get('uid');
    return { email: String(snap.get('email') ?? email), uid: typeof uid === 'string' ? uid : null };
  },
  async getUser(uid) {
    return toAuthUser(await auth.getUser(uid));
  },
  async setCustomClaims(uid, claims) {
    await auth.setCustomUserClaims(uid, claims);
  },
};

/** Auth user as the logic sees it. */
function toAuthUser(user: {
  uid: string;
  email?: string;
  emailVerified: boolean;
  customClaims?: Record<string, unknown>;
}): access.AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    customClaims: user.customClaims,
  };
}

const admins = () => db.collection(functionsConfig.adminsCollection);

/** The audit row of one change, stamped with the server's time. */
function auditRow(audit: team.TeamAuditEntry) {
  return { ...audit, at: FieldValue.serverTimestamp() };
}

/** The admin SDK behind addAdmin and removeAdmin. */
const teamDirectory: team.TeamDirectory = {
  getAllowListEntry: (email) => directory.getAllowListEntry(email),
  async findUserByEmail(email) {
    try {
      return toAuthUser(await auth.getUserByEmail(email));
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return null;
      throw error;
    }
  },
  async createUser(email) {
    return toAuthUser(await auth.createUser({ email, emailVerified: false }));
  },
  setCustomClaims: (uid, claims) => directory.setCustomClaims(uid, claims),
  async revokeRefreshTokens(uid) {
    await auth.revokeRefreshTokens(uid);
  },
  insertEntry(entry, audit) {
    return db.runTransaction(async (tx) => {
      const ref = admins().doc(entry.email);
      if ((await tx.get(ref)).exists) return false;
      tx.set(ref, {
        email: entry.email,
        uid: entry.uid,
        granted_at: FieldValue.serverTimestamp(),
        added_by: entry.addedBy,
      });
      tx.set(db.collection(functionsConfig.auditCollection).doc(), auditRow(audit));
      return true;
    });
  },
  deleteEntry(email, audit) {
    return db.runTransaction(async (tx) => {
      const ref = admins().doc(email);
      if (!(await tx.get(ref)).exists) return 'missing' as const;
      // Read inside the transaction: two admins removing each other at once cannot both succeed.
      if ((await tx.get(admins().limit(2))).size < 2) return 'last' as const;
      tx.delete(ref);
      tx.set(db.collection(functionsConfig.auditCollection).doc(), auditRow(audit));
      return 'removed' as const;
    });
  },
};

/** Called right after sign-in: grants the admin claim to allow-listed users; returns a boolean. */
export const linkAdminUser = onCall<unknown, Promise<boolean>>(async (request) => {
  assertNoArguments(request.data);
  const caller = requireCaller(request);
  return access.linkAdminUser(caller, directory);
});

/** Whether the caller's verified ID token carries `admin: true`. */
export const isCurrentUserAdmin = onCall<unknown, boolean>((request) => {
  assertNoArguments(request.data);
  return access.isCurrentUserAdmin(requireCaller(request));
});

/** An admin puts a colleague on the allow-list (Configurações → Equipe). */
export const addAdmin = onCall<unknown, Promise<team.AddAdminResult>>(async (request) => {
  const caller = requireCaller(request);
  return team.addAdmin(caller, request.data, teamDirectory);
});

/** An admin takes a colleague off the allow-list; never the last admin. */
export const removeAdmin = onCall<unknown, Promise<{ email: string }>>(async (request) => {
  const caller = requireCaller(request);
  return team.removeAdmin(caller, request.data, teamDirectory);
});

/** Public: counts one redirect (only when a link is configured); returns the new count. */
export const countRedirect = onCall<unknown, Promise<number>>(async (request) => {
  assertNoArguments(request.data);
  return runCountRedirect(db);
});

/** Admin: the retention setting, and how many leads 'Aplicar agora' would delete now. */
export const getRetention = onCall(async (request) => {
  assertNoArguments(request.data);
  requireAdmin(request);
  return retention.previewRetention(db);
});

/** Admin: sets `{ trashDays }` (null: off). */
export const saveRetention = onCall(async (request) => {
  const caller = requireAdmin(request);
  const settings = retention.retentionInput(request.data);
  await retention.saveRetention(db, settings, caller.uid);
  return settings;
});

/** Admin: 'Aplicar agora', the daily run at once (the local suite has no Pub/Sub emulator). */
export const applyRetentionNow = onCall(async (request) => {
  const caller = requireAdmin(request);
  const { cutoff } = retention.applyInput(request.data);
  const by = { kind: 'admin' as const, uid: caller.uid, email: caller.token.email ?? null };
  return retention.applyRetention(db, by, new Date(), cutoff);
});

/** Production: applies the retention setting every day at 03:00 (Brasília). */
export const applyRetentionDaily = onSchedule(
  { schedule: 'every day 03:00', timeZone: 'America/Bahia' },
  async () => {
    const run = await retention.applyRetention(db, { kind: 'schedule' });
    logger.info('retention run', run);
  },
);

/** Admin: everything stored about one WhatsApp number (active and trashed leads). */
export const findCandidate = onCall(async (request) => {
  requireAdmin(request);
  const { stored } = candidates.whatsappInput(request.data);
  return { whatsapp: stored, leads: await candidates.findCandidate(db, stored) };
});

/** Admin: 'Excluir tudo': erases every lead of one WhatsApp number, with an anonymous audit entry. */
export const eraseCandidate = onCall(async (request) => {
  const caller = requireAdmin(request);
  const { stored } = candidates.whatsappInput(request.data);
  return candidates.eraseCandidate(db, stored, {
    uid: caller.uid,
    email: caller.token.email ?? null,
  });
});

/**
 * Every change of a lead into its timeline, and its search keys; each new lead screened (set
 * aside, or merged into the same candidate's earlier application); a deleted lead's notes and
 * timeline removed.
 */
export const leadTimeline = leadTimelineTrigger(db, auth);

/** Every note added, edited or deleted into its lead's timeline. */
export const noteTimeline = noteTimelineTrigger(db, auth);

/** Each form's open vacancies into its public list (vacancy_lists/{form}) after a change. */
export const vacancyLists = vacancyListsTrigger(db);

/** Every write of a lead into the counters (`stats/leads`, `stats_daily/{day}`), once per event. */
export const leadStats = leadStatsTrigger(db);

/** Admin: recomputes the counters now (`{ days }`: how many days of `stats_daily` to rebuild). */
export const reconcileLeadStats = onCall(
  async (request) => {
    requireAdmin(request);
    return runReconcile(db, reconcileInput(request.data));
  },
  // 400 days of leads read back: minutes, at a million leads.
  { timeoutSeconds: 540, memory: '1GiB' },
);

/** Production: the counters recomputed every night (a dropped event is wrong for a day at most). */
export const reconcileLeadStatsDaily = onSchedule(
  { schedule: 'every day 04:00', timeZone: 'America/Sao_Paulo', timeoutSeconds: 540 },
  async () => {
    const run = await runReconcile(db);
    logger.info('stats reconcile', run);
  },
);
