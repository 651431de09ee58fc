/** Submission state of an application form: idle -> sending -> idle, with an id reused on retry. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallCenterLeadInput, RootLeadInput } from '@/domain/lead';

/** The Firestore write module: loaded after the first render, off the page's critical path. */
const loadLeadsApi = () => import('@/features/apply/api/leads');

/**
 * `submit(lead)` writes the lead and resolves true on success, false on failure (logged). A retry of
 * the same lead after a failure reuses the failed attempt's document id, so a write that did land
 * (answer lost, or slower than the timeout) is not duplicated; a changed lead gets a new id.
 */
export function useLeadSubmission(): [
  { sending: boolean },
  { submit: (lead: RootLeadInput | CallCenterLeadInput) => Promise<boolean> },
] {
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const lastAttempt = useRef<{ id: string; key: string } | null>(null);

  useEffect(() => {
    // Warm the SDK up while the candidate types, so the submit does not wait for it.
    void loadLeadsApi().catch(() => {});
  }, []);

  const submit = useCallback(async (lead: RootLeadInput | CallCenterLeadInput) => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setSending(true);
    try {
      const { newLeadId, writeLead } = await loadLeadsApi();
      const key = JSON.stringify(lead);
      const id = lastAttempt.current?.key === key ? lastAttempt.current.id : newLeadId();
      lastAttempt.current = { id, key };
      await writeLead(id, lead);
      lastAttempt.current = null;
      return true;
    } catch (error) {
      console.error('Lead write failed', error);
      return false;
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, []);

  return [{ sending }, { submit }];
}
