/**
 * A seat that plays a whole hand over live connections and reconnects when its socket closes, as a real client
 * behind a load balancer must: the new connection (to whichever node the balancer picks) starts with the latest
 * view; a send whose result was lost is sent again with the same `key`, so it is applied at most once and its
 * first result comes back. One connection per seat at a time.
 */
import { expect } from 'vitest';
import type { Seat } from '../../src/index.js';
import { within } from './balancer.js';
import { LiveClient, moveFromView, type Frame } from './support.js';

const ENDED = new Set(['complete', 'eastMahjong']);

/** One live connection of a seat and the node that served it (from a response header of the upgrade, if any). */
export interface Connection {
  client: LiveClient;
  node: string | null;
}

/** A seat's player that survives the loss of its node. */
export class ReconnectingSeat {
  /** Every connection, oldest first; the last is the current one. */
  readonly connections: Connection[] = [];
  /** Acknowledged events: key → version of the accepted result (a resend of a key gets the same version). */
  readonly acknowledged = new Map<string, number>();
  /** Results that were refusals (a stale resend after a reconnect may be one). */
  refusals = 0;
  /** Sends sent again with their key after a reconnect. */
  resent = 0;
  /** Of those, the ones already committed before the connection was lost (the key returned the first result). */
  resentCommitted = 0;

  constructor(
    readonly base: string,
    readonly tableId: string,
    readonly seat: Seat,
    readonly token: string,
    /** The upgrade response header that names the node, or null. */
    readonly nodeHeader: string | null = null,
  ) {}

  /** The current connection's client. */
  get client(): LiveClient {
    const last = this.connections.at(-1);
    if (last === undefined) throw new Error(`${this.seat} never connected`);
    return last.client;
  }

  /** Opens a connection, says hello and waits for the first view (bounded). */
  async connect(): Promise<Connection> {
    const client = new LiveClient(`${this.base.replace('http', 'ws')}/api/tables/${this.tableId}/live`);
    const connection: Connection = { client, node: null };
    client.socket.once('upgrade', (response) => {
      const value = this.nodeHeader === null ? undefined : response.headers[this.nodeHeader];
      // After a failover nginx lists every node it tried ("A, B"): the last one served.
      if (typeof value === 'string') connection.node = value.split(',').at(-1)?.trim() ?? null;
    });
    await within(client.opened, 10_000, `${this.seat} connects`);
    client.socket.send(JSON.stringify({ type: 'hello', token: this.token }));
    await within(
      client.waitFor((frame) => frame.type === 'view'),
      10_000,
      `${this.seat}'s first view`,
    );
    this.connections.push(connection);
    return connection;
  }

  /** Connects again after a close: a few immediate attempts (the balancer fails over at once or not at all). */
  async reconnect(): Promise<Connection> {
    let last: unknown;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        return await this.connect();
      } catch (error) {
        last = error;
      }
    }
    throw new Error(`${this.seat} could not reconnect: ${(last as Error).message}`);
  }

  /**
   * Plays the seat from its own views until the hand ends (bounded in turns and, per wait, in time). Each event
   * carries the key `SEAT-vVERSION` of the view it was decided on.
   */
  async play(maxTurns = 400): Promise<void> {
    let acted = -1;
    let pending: { move: Record<string, unknown>; key: string } | null = null;
    for (let turn = 0; turn < maxTurns; turn += 1) {
      const client = this.client;
      try {
        // `pending` outlives a turn only through the catch below: then this is a resend after a reconnect.
        const resend = pending !== null;
        if (pending === null) {
          await within(
            client.until(() => (client.latest?.version ?? -1) > acted),
            20_000,
            `${this.seat} waits for a version after ${acted}`,
          );
          const frame = client.latest as Frame;
          if (ENDED.has(frame.phase)) return;
          acted = frame.version;
          const move = moveFromView(frame.view);
          if (move === null) continue;
          pending = { move, key: `${this.seat}-v${frame.version}` };
        }
        if (resend) this.resent += 1;
        const seen = client.latest?.version ?? -1;
        const result = await within(client.send(pending.move, pending.key), 20_000, `${this.seat}'s result for ${pending.key}`);
        expect(result.type, `${this.seat}: ${JSON.stringify(result)}`).toBe('result');
        // A resend accepted at a version the new connection's view already had was committed before the loss.
        if (resend && result.ok === true && (result.version as number) <= seen) this.resentCommitted += 1;
        if (result.ok === true) {
          const before = this.acknowledged.get(pending.key);
          if (before !== undefined) expect(result.version, `a resend of ${pending.key} returns its first result`).toBe(before);
          this.acknowledged.set(pending.key, result.version as number);
        } else {
          this.refusals += 1;
        }
        pending = null;
      } catch (error) {
        if (client.closeCode === null) throw error;
        await this.reconnect(); // the pending send, if any, goes again with its key on the new connection
      }
    }
    throw new Error(`${this.seat} did not finish in ${maxTurns} turns`);
  }

  /** Closes the current connection. */
  async close(): Promise<void> {
    await Promise.all(this.connections.map(({ client }) => within(client.close(), 5_000, `${this.seat} closes`)));
  }
}
