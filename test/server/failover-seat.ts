/**
 * A person's seat that plays through a database failover on one live socket: every send carries a key (the seat
 * and the version of the view it was decided on); an `UNAVAILABLE` answer (plain, or "may or may not have been
 * applied") is counted, and the same send goes again with the same key once the balancer's `/healthz` answers 200,
 * so it applies at most once and its first result comes back. Each answer is timed, so a test can say when the
 * first event after a fault was acknowledged.
 */
import { expect } from 'vitest';
import type { Seat } from '../../src/index.js';
import { within } from './balancer.js';
import { LiveClient, api, moveFromView, type Frame } from './support.js';

const ENDED = new Set(['complete', 'eastMahjong']);

/** Polls `GET base/healthz` (every 50 ms, at most `boundMillis`) until it answers `wanted`; returns its body. */
export async function healthIs(base: string, wanted: number, boundMillis = 60_000): Promise<Record<string, unknown>> {
  const deadline = performance.now() + boundMillis;
  for (;;) {
    const reply = await api(base, 'GET', '/healthz').catch(() => null);
    if (reply !== null && reply.status === wanted) return reply.body;
    if (performance.now() > deadline) throw new Error(`/healthz of ${base} did not answer ${wanted} within ${boundMillis} ms (last: ${reply?.status} ${JSON.stringify(reply?.body)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An acknowledged event: the version it was given, the event, and when its send left (performance.now()). */
export interface Acked {
  key: string;
  version: number;
  event: Record<string, unknown>;
  sentAt: number;
  answeredAt: number;
}

/** A hold on a seat's moves (a clock test): the seat does not act until a view it received releases it. */
export interface SeatHold {
  /** Whether this view ends the hold. */
  releasedBy(frame: Frame): boolean;
}

/** One person at one table. */
export class FailoverSeat {
  readonly acked: Acked[] = [];
  /** Answers `UNAVAILABLE` saying nothing was changed. */
  unavailable = 0;
  /** Answers `UNAVAILABLE` saying the event may or may not have been applied. */
  unknown = 0;
  /** Sends sent again with their key after such an answer. */
  retried = 0;
  /** Keys whose retry was acknowledged at a version the seat's view already had: the first try had landed. */
  landedBefore = 0;
  /** Answers that were refusals (a decision overtaken by a clock, say). */
  refused = 0;
  /** Set while the seat must not act. */
  hold: SeatHold | null = null;

  private constructor(
    readonly table: string,
    readonly seat: Seat,
    readonly client: LiveClient,
    private readonly balancer: string,
    /** What kind of table, for messages. */
    readonly label: string,
  ) {}

  /** Connects through the balancer and waits for the first view (bounded). */
  static async connect(balancer: string, table: string, seat: Seat, token: string, options: { label: string; address: string }): Promise<FailoverSeat> {
    // Each person from an address of their own, as nginx forwards it (X-Forwarded-For): a budget per address is theirs.
    const client = new LiveClient(`${balancer.replace('http', 'ws')}/api/tables/${table}/live`, { 'x-forwarded-for': options.address });
    await within(client.opened, 20_000, `${seat} of ${table} connects`);
    client.socket.send(JSON.stringify({ type: 'hello', token }));
    await within(
      client.waitFor((frame) => frame.type === 'view'),
      20_000,
      `${seat} of ${table}: the first view`,
    );
    return new FailoverSeat(table, seat, client, balancer, options.label);
  }

  /** Plays from its own views until the hand ends (bounded in turns, and each wait in time). */
  async play(maxTurns = 400): Promise<void> {
    let acted = -1;
    for (let turn = 0; turn < maxTurns; turn += 1) {
      await this.waitPast(acted, 90_000);
      const frame = this.client.latest as Frame;
      if (ENDED.has(frame.phase)) return;
      acted = frame.version;
      if (this.hold !== null) {
        if (!this.client.frames.some((f) => f.type === 'view' && this.hold?.releasedBy(f) === true)) continue;
        this.hold = null;
      }
      const move = moveFromView(frame.view);
      if (move === null) continue;
      await this.sendKeyed(move, `${this.seat}-v${frame.version}`);
    }
    throw new Error(`${this.seat} of ${this.table} did not finish in ${maxTurns} turns`);
  }

  /** What the seat last saw and did, for an error message. */
  describe(): string {
    const latest = this.client.latest;
    const last = this.client.frames.at(-1);
    return `${this.seat} of ${this.table}${this.label === '' ? '' : ` (${this.label})`}: latest view v${latest?.version} ${latest?.phase} waiting for ${JSON.stringify(latest?.waitingFor)}, notice ${JSON.stringify(latest?.notice)}; last frame ${JSON.stringify(last).slice(0, 200)}; ${this.acked.length} acknowledged, ${this.refused} refused, ${this.unavailable + this.unknown} unavailable, socket ${this.client.closeCode ?? 'open'}`;
  }

  /** Waits for a view after `version`; on timeout, the error says what the seat saw. */
  private async waitPast(version: number, millis: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no version after ${version} within ${millis} ms: ${this.describe()}`)), millis);
    });
    try {
      await Promise.race([this.client.until(() => (this.client.latest?.version ?? -1) > version), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async sendKeyed(move: Record<string, unknown>, key: string): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const seen = this.client.latest?.version ?? -1;
      const sentAt = performance.now();
      const result = await within(this.client.send(move, key), 60_000, `${this.seat} of ${this.table}: the answer to ${key}`);
      const answeredAt = performance.now();
      if (result.type === 'result') {
        if (result.ok === true) {
          this.acked.push({ key, version: result.version as number, event: move, sentAt, answeredAt });
          if (attempt > 0 && (result.version as number) <= seen) this.landedBefore += 1;
        } else {
          expect(result.refusal?.code, `${this.seat} of ${this.table}: ${key} refused ${JSON.stringify(result.refusal)}`).not.toBe('RATE_LIMITED');
          this.refused += 1;
        }
        return;
      }
      expect(result.code, `${this.seat} of ${this.table}: ${JSON.stringify(result)}`).toBe('UNAVAILABLE');
      if (/may or may not/.test(String(result.message))) this.unknown += 1;
      else this.unavailable += 1;
      await healthIs(this.balancer, 200);
      this.retried += 1;
    }
    throw new Error(`${this.seat} of ${this.table}: ${key} was not answered in 50 tries`);
  }
}
