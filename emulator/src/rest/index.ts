/** REST v1 JSON transport for firestore/lite and admin `preferRest` (placeholder until part 2 lands). */
import type { HttpTransportFactory } from '../http-handler.js';

export const createRestTransport: HttpTransportFactory = () => ({
  handle: () => false,
  close: () => {},
});
