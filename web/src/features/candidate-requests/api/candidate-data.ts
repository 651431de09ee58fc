/** A candidate's data (functions/src/candidate-requests.ts): find, download their copy, erase. */
import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/firebase/functions';

/** A note about the candidate: its text and when it was written. */
export interface CandidateNote {
  text: string;
  /** ISO. */
  created_at: string | null;
}

/** One application: its stored fields (timestamps as ISO text) and the notes about it. */
export interface CandidateLead {
  id: string;
  data: Record<string, unknown>;
  notes: CandidateNote[];
}

export interface CandidateData {
  whatsapp: string;
  leads: CandidateLead[];
}

export async function findCandidate(whatsapp: string): Promise<CandidateData> {
  return (
    await httpsCallable<{ whatsapp: string }, CandidateData>(
      functions,
      'findCandidate',
    )({ whatsapp })
  ).data;
}

export async function eraseCandidate(whatsapp: string): Promise<{ deleted: number }> {
  return (
    await httpsCallable<{ whatsapp: string }, { deleted: number }>(
      functions,
      'eraseCandidate',
    )({ whatsapp })
  ).data;
}

/** Saves `text` as a download named `name`. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
