/**
 * Every count the panel shows is a count aggregation run on the server. A count asked for while
 * one of this panel's own writes is still on its way misses that write, and nothing counts again
 * once it lands: on a slow connection 'Lixeira (N)' and the counters stayed wrong after a trash or
 * a 'Limpar Dados'. So a count first waits until the server has acknowledged this client's writes.
 */
import { getCountFromServer, waitForPendingWrites, type Query } from 'firebase/firestore';

/** How many documents `q` matches on the server, once it has this client's pending writes. */
export async function countOnServer(q: Query): Promise<number> {
  await waitForPendingWrites(q.firestore);
  const snapshot = await getCountFromServer(q);
  return snapshot.data().count;
}
