/**
 * The heartbeat on a real node: a connection that never answers a ping is dropped, one that answers stays. The node
 * pings every 200 ms here; the test waits for events (the close, the pings), never for a fixed time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LiveClient, createTable, databases, startNode, type Node } from './support.js';

const [pglite] = databases();

describe('live heartbeat', () => {
  let node: Node;
  beforeAll(async () => {
    if (pglite === undefined) throw new Error('no database');
    node = await startNode({ location: pglite.location(), live: { pingMillis: 200 } });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  it('drops a connection that does not answer its pings, and keeps one that does', async () => {
    const table = await createTable(node.base, { seed: 3 });
    const answering = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    let answeringPings = 0;
    let onPing: () => void = () => undefined;
    answering.socket.on('ping', () => {
      answeringPings += 1;
      onPing();
    });
    // A client that reads its frames but never answers a ping (`ws` answers them itself unless told not to).
    const silent = new WebSocket(`${node.base.replace('http', 'ws')}/api/tables/${table.id}/live`, { autoPong: false });
    silent.on('error', () => undefined);
    let silentPings = 0;
    silent.on('ping', () => {
      silentPings += 1;
    });
    await new Promise<void>((resolve, reject) => {
      silent.once('open', () => resolve());
      silent.once('error', reject);
    });
    silent.send(JSON.stringify({ type: 'hello', token: table.tokens.south }));
    const code = await new Promise<number>((resolve) => silent.once('close', (closeCode: number) => resolve(closeCode)));
    expect(silentPings).toBeGreaterThanOrEqual(1); // pinged, did not answer, then dropped (terminate: no close frame)
    expect(code).toBe(1006);
    // The answering client goes on being pinged after that and stays open.
    const seen = answeringPings;
    await new Promise<void>((resolve) => {
      onPing = () => {
        if (answeringPings >= seen + 3) resolve();
      };
    });
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
    expect(answering.closeCode).toBeNull();
    await answering.close();
  }, 30_000);
});
