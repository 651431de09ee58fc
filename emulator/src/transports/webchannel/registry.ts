/** The open WebChannel sessions of a transport, and the sweeper that closes idle ones. */
import type { Session, SessionTimings } from './session.js';

export class SessionRegistry {
  private readonly byId = new Map<string, Session>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly timings: SessionTimings) {}

  get size(): number {
    return this.byId.size;
  }

  /** Whether the idle sweeper is running (it runs while any session is open). */
  get sweeping(): boolean {
    return this.sweeper !== undefined;
  }

  get(sid: string | null): Session | undefined {
    return sid === null ? undefined : this.byId.get(sid);
  }

  values(): IterableIterator<Session> {
    return this.byId.values();
  }

  add(session: Session): void {
    this.byId.set(session.sid, session);
    this.ensureSweeper();
  }

  /** Called by a session once it has closed. */
  readonly remove = (session: Session): void => {
    this.byId.delete(session.sid);
    if (this.byId.size === 0) this.stopSweeper();
  };

  /** The other sessions of the same client (address and user agent) holding a backchannel. */
  backchannelsOf(clientKey: string, except: Session): Session[] {
    return [...this.byId.values()].filter(
      (other) => other !== except && other.hasBackchannel && other.clientKey === clientKey,
    );
  }

  closeAll(): void {
    for (const session of [...this.byId.values()]) session.close();
    this.byId.clear();
    this.stopSweeper();
  }

  private ensureSweeper(): void {
    if (this.sweeper) return;
    const every = Math.max(10, Math.min(5_000, Math.floor(this.timings.sessionIdleMs / 4)));
    this.sweeper = setInterval(() => this.sweep(), every);
    this.sweeper.unref();
  }

  private stopSweeper(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** Closes the sessions no backchannel has touched for `sessionIdleMs`. */
  private sweep(): void {
    const now = Date.now();
    for (const session of [...this.byId.values()]) {
      if (!session.hasBackchannel && now - session.lastActivity > this.timings.sessionIdleMs) {
        session.close();
      }
    }
  }
}
