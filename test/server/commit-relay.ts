/**
 * A TCP relay on 127.0.0.1 in front of PostgreSQL that can lose one commit's answer: once armed, it forwards the
 * next `COMMIT` (a simple-query message, as `pg` sends it), waits for the server's answer (so the transaction is
 * committed), and then cuts that connection instead of passing the answer on. The node never learns the outcome:
 * the one case where a reply cannot know whether its event landed.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

/** A running relay. */
export interface CommitRelay {
  /** The port to give the node instead of PostgreSQL's. */
  readonly port: number;
  /** Resolves once the next COMMIT was committed by the server and its answer dropped. */
  loseNextCommitAnswer(): Promise<void>;
  /**
   * From now on, counts every `SELECT 1` (a health check) and holds the server's answers to those sent before
   * `release()`; `held` resolves once the first one is held.
   */
  holdHealthChecks(): HealthHold;
  close(): Promise<void>;
}

/** Health checks held by a relay: how many `SELECT 1` it saw since, and the release of their answers. */
export interface HealthHold {
  readonly held: Promise<void>;
  seen(): number;
  release(): void;
}

/** True when `chunk` starts with a simple query `COMMIT` ('Q', a 4-byte length, the text). */
const isCommit = (chunk: Buffer): boolean => chunk[0] === 0x51 && chunk.subarray(5, 11).toString('latin1') === 'COMMIT';
/** True when `chunk` is the simple query `SELECT 1` (with its NUL). */
const isSelectOne = (chunk: Buffer): boolean => chunk[0] === 0x51 && chunk.subarray(5).toString('latin1') === 'SELECT 1\0';

/** Starts a relay to PostgreSQL at `host:port`. */
export async function startCommitRelay(host: string, port: number): Promise<CommitRelay> {
  let armed: (() => void) | null = null;
  /** While health checks are held: the count, the first hold's signal, and each held connection's flush. */
  let hold: { seen: number; first: () => void; released: boolean; flushes: Array<() => void> } | null = null;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, host);
    sockets.add(client);
    sockets.add(upstream);
    let cutting: (() => void) | null = null;
    /** The server's answers held back on this connection (a health check held), or null when passing through. */
    let holding: Buffer[] | null = null;
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (armed !== null && isCommit(chunk)) {
        cutting = armed;
        armed = null;
      }
      if (hold !== null && isSelectOne(chunk)) hold.seen += 1;
      if (hold !== null && !hold.released && isSelectOne(chunk)) {
        const buffered: Buffer[] = [];
        holding = buffered;
        hold.flushes.push(() => {
          holding = null;
          for (const part of buffered) client.write(part);
        });
        hold.first();
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (holding !== null) {
        holding.push(chunk);
        return;
      }
      if (cutting !== null) {
        // The server answered the COMMIT: it is committed. The node never hears it.
        const done = cutting;
        cutting = null;
        end();
        done();
        return;
      }
      client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('relay: no address');
  return {
    port: address.port,
    loseNextCommitAnswer: () =>
      new Promise<void>((resolve) => {
        armed = resolve;
      }),
    holdHealthChecks: () => {
      let first = (): void => {};
      const held = new Promise<void>((resolve) => {
        first = resolve;
      });
      const state = { seen: 0, first, released: false, flushes: [] as Array<() => void> };
      hold = state;
      return {
        held,
        seen: () => state.seen,
        release: () => {
          state.released = true;
          for (const flush of state.flushes.splice(0)) flush();
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
