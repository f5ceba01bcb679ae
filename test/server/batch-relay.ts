/**
 * A TCP relay on 127.0.0.1 in front of PostgreSQL that holds one group commit on the wire, for the crash test of
 * a node started as operators start it (`bin/charleston.js serve --db postgres://…relay…`). It reads the
 * frontend's messages; a group commit is the `Bind` whose first parameter is the JSON list of events (`[{"table_id":…`).
 * The one carrying at least `min` events that comes after `skip` such statements is held:
 * - `before`: that `Bind` and everything after it on the connection are never forwarded (the batch is in flight,
 *   nothing of it stored);
 * - `after`: it is forwarded, and from then on the server's answers on that connection are swallowed; once the
 *   server said it is ready again (`ReadyForQuery`: the autocommit statement committed), the hold is reported
 *   (stored, no reply has reached the node).
 * The node waits there until the test kills it.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

/** The events of the held statement. */
export interface HeldBatch {
  size: number;
  tables: string[];
  versions: number[];
}

/** A running relay. */
export interface BatchRelay {
  /** The port to give the node instead of PostgreSQL's. */
  readonly port: number;
  /** Resolves once a batch is held (`before`) or committed with its answer swallowed (`after`). */
  readonly held: Promise<HeldBatch>;
  close(): Promise<void>;
}

/** Splits a stream of PostgreSQL messages (type byte, then a length that counts itself) into whole messages. */
class Framer {
  private buffer = Buffer.alloc(0);
  constructor(private startup: boolean) {}

  /** The whole messages now complete (the startup message has no type byte: its type is reported as ''). */
  push(chunk: Buffer): Array<{ type: string; body: Buffer; raw: Buffer }> {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const out: Array<{ type: string; body: Buffer; raw: Buffer }> = [];
    for (;;) {
      const head = this.startup ? 0 : 1;
      if (this.buffer.length < head + 4) break;
      const length = this.buffer.readInt32BE(head);
      if (this.buffer.length < head + length) break;
      const raw = this.buffer.subarray(0, head + length);
      out.push({ type: this.startup ? '' : String.fromCharCode(raw[0] as number), body: raw.subarray(head + 4), raw });
      this.buffer = this.buffer.subarray(head + length);
      // An SSL or GSS request (8 bytes, code 80877103/80877104) is followed by another untyped startup message.
      this.startup = this.startup && length === 8 && [80877103, 80877104].includes(raw.readInt32BE(4));
    }
    return out;
  }
}

/** The first parameter of a `Bind` message as text (null when absent or NULL). */
function firstParameter(body: Buffer): string | null {
  let at = body.indexOf(0) + 1; // portal name
  at = body.indexOf(0, at) + 1; // statement name
  const formats = body.readInt16BE(at);
  at += 2 + 2 * formats;
  const count = body.readInt16BE(at);
  at += 2;
  if (count < 1) return null;
  const length = body.readInt32BE(at);
  return length < 0 ? null : body.subarray(at + 4, at + 4 + length).toString('utf8');
}

/** The events of a group commit's `Bind`, or null for any other message. */
function batchOf(message: { type: string; body: Buffer }): HeldBatch | null {
  if (message.type !== 'B') return null;
  const text = firstParameter(message.body);
  if (text === null || !text.startsWith('[{"table_id"')) return null;
  const entries = JSON.parse(text) as Array<{ table_id: string; version: number }>;
  return { size: entries.length, tables: entries.map((entry) => entry.table_id), versions: entries.map((entry) => entry.version) };
}

/** Starts a relay to PostgreSQL at `host:port` that holds the first group commit of at least `min` events after `skip`. */
export async function startBatchRelay(host: string, port: number, mode: 'before' | 'after', min: number, skip: number): Promise<BatchRelay> {
  let report: (batch: HeldBatch) => void = () => undefined;
  const held = new Promise<HeldBatch>((resolve) => {
    report = resolve;
  });
  let holding = false;
  let toSkip = skip;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, host);
    sockets.add(client);
    sockets.add(upstream);
    const fromClient = new Framer(true);
    const fromServer = new Framer(false);
    /** On the held connection: `stopped` forwards nothing more to the server; `swallowing` passes nothing back. */
    let stopped = false;
    let swallowing: HeldBatch | null = null;
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      for (const message of fromClient.push(chunk)) {
        if (stopped) return;
        const batch = holding ? null : batchOf(message);
        if (batch !== null && batch.size >= min) {
          if (toSkip > 0) toSkip -= 1;
          else {
            holding = true;
            if (mode === 'before') {
              stopped = true;
              report(batch);
              return;
            }
            swallowing = batch;
          }
        }
        upstream.write(message.raw);
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (swallowing === null) {
        client.write(chunk);
        return;
      }
      for (const message of fromServer.push(chunk)) {
        if (message.type === 'Z') report(swallowing);
      }
    });
    // Until a hold, the server's stream is framed too (so that the framer is in step when swallowing starts).
    upstream.prependListener('data', (chunk: Buffer) => {
      if (swallowing === null) fromServer.push(chunk);
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
    held,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
