/**
 * Configurações → Equipe: the addAdmin/removeAdmin callables, and the password e-mail a new
 * colleague needs (Firebase Auth's own, in Portuguese). The refusals are the functions' pt-BR
 * messages (functions/src/team.ts), shown as they come.
 */
import { FirebaseError } from 'firebase/app';
import { sendPasswordResetEmail } from 'firebase/auth';
import { httpsCallable } from 'firebase/functions';
import { readableMessage } from '@/components/toast';
import { auth } from '@/lib/firebase/auth';
import { functions } from '@/lib/firebase/functions';
import { teamTryAgain } from '@/features/settings/messages';

const addAdminCallable = httpsCallable<{ email: string }, { email: string; invite: boolean }>(
  functions,
  'addAdmin',
);
const removeAdminCallable = httpsCallable<{ email: string }, { email: string }>(
  functions,
  'removeAdmin',
);

/** The functions' refusals that carry a message meant for the admin. */
const refusals = new Set([
  'functions/permission-denied',
  'functions/invalid-argument',
  'functions/already-exists',
  'functions/not-found',
  'functions/failed-precondition',
  'functions/unauthenticated',
]);

/** The message to show for a failed call: the function's refusal, or "try again". */
export function teamErrorMessage(error: unknown): string {
  if (error instanceof FirebaseError && refusals.has(error.code) && error.message) {
    return readableMessage(error.message);
  }
  return teamTryAgain;
}

/** What adding a colleague ended in. */
export interface AddedColleague {
  email: string;
  /** The password e-mail: sent, not needed (their account is verified), or failed to send. */
  invite: 'sent' | 'not-needed' | 'failed';
}

/** Adds `email` to the team; when the colleague has to set a password, sends them the e-mail. */
export async function addColleague(email: string): Promise<AddedColleague> {
  const { data } = await addAdminCallable({ email });
  if (!data.invite) return { email: data.email, invite: 'not-needed' };
  try {
    auth.languageCode = 'pt-BR';
    await sendPasswordResetEmail(auth, data.email);
    return { email: data.email, invite: 'sent' };
  } catch (error) {
    console.error('Password e-mail not sent', error);
    return { email: data.email, invite: 'failed' };
  }
}

/** Takes `email` off the team. */
export async function removeColleague(email: string): Promise<void> {
  await removeAdminCallable({ email });
}
