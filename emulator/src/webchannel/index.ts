/** WebChannel transport for the browser SDK (placeholder until part 2 lands). */
import type { HttpTransportFactory } from '../http-handler.js';

export const createWebChannelTransport: HttpTransportFactory = () => ({
  handle: () => false,
  close: () => {},
});
