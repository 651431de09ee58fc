/** A case of the bad-input drill: one malformed request and whether its answer is of the expected kind. */
import type { H2Client } from './_raw-clients.js';

export interface Answer {
  label: string;
  expected: boolean;
}
export interface Case {
  category: string;
  detail: string;
  run: () => Promise<Answer>;
}
export interface Ctx {
  port: number;
  project: string;
  h2: H2Client;
  /** A client session allowed to buffer the oversized bodies. */
  bigH2: H2Client;
}
