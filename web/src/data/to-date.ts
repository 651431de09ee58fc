/** A Firestore Timestamp (or anything with toDate) as a Date; null otherwise. */
export function toDate(value: unknown): Date | null {
  if (value && typeof (value as { toDate?: unknown }).toDate === 'function') {
    return (value as { toDate: () => Date }).toDate();
  }
  return null;
}
