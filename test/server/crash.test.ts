/**
 * kill -9: a node killed mid-hand loses nothing it acknowledged. Four seats play on a child-process node; once a
 * dozen events are acknowledged the node gets SIGKILL while sends are in flight; a new node on the same database
 * finds every acknowledged event in the log (and perhaps some committed whose reply never left), the log
 * replays without a fork, and the hand plays on to the end. Then SIGTERM stops the node with exit code 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEATS } from '../../src/index.js';
import { killHard, startChild, stopChild } from './child.js';
import { playSeat, replay } from './play.js';
import { LiveClient, createTable, databases, open } from './support.js';
import { expectStoredEqualsReplay } from './consistency.js';
import { parseDbLocation } from '../../src/server/storage/db.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.each(databases())('kill -9 on $name', ({ name, location }) => {
  it('acknowledged events survive SIGKILL; the restarted node serves the table on', async () => {
    let db: string;
    if (name === 'pglite') {
      const folder = mkdtempSync(join(tmpdir(), 'charleston-crash-'));
      folders.push(folder);
      db = `pglite:${join(folder, 'db')}`;
    } else {
      const where = location();
      db = where.kind === 'postgres' ? where.url : '';
    }
    const seed = 1234;
    const first = await startChild(db);
    const table = await createTable(first.base, { seed });
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(first.base, table.id, table.tokens[seat] as string)));
    const acked = (): number[] => clients.flatMap((client) => client.frames.filter((f) => f.type === 'result' && f.ok === true).map((f) => f.version as number));
    const playing = Promise.allSettled(clients.map((client) => playSeat(client)));
    await Promise.race(clients.map((client) => client.until(() => acked().length >= 12)));
    await killHard(first);
    await playing; // every seat's loop ends with its socket closed
    const acknowledged = acked();
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);

    const second = await startChild(db);
    try {
      const { events } = await replay(second.base, table.id, seed);
      const found = events.length;
      console.log(`kill -9 on ${name}: ${acknowledged.length} events acknowledged (highest version ${Math.max(...acknowledged)}), ${found} found after restart`);
      for (const version of acknowledged) expect(version).toBeLessThanOrEqual(found);
      expect(new Set(acknowledged).size).toBe(acknowledged.length); // no version acknowledged twice
      const resumed = await Promise.all(SEATS.map((seat) => LiveClient.connect(second.base, table.id, table.tokens[seat] as string)));
      for (const client of resumed) expect(client.latest?.version).toBe(found);
      await Promise.all(resumed.map((client) => playSeat(client)));
      const end = await replay(second.base, table.id, seed);
      expect(['complete', 'eastMahjong']).toContain(String(end.snapshots.at(-1)?.value));
      expect(end.events.slice(0, found)).toEqual(events);
      await Promise.all(resumed.map((client) => client.close()));
    } finally {
      expect(await stopChild(second)).toBe(0);
    }
    const stored = await open(parseDbLocation(db));
    try {
      await expectStoredEqualsReplay(stored, [table.id]);
    } finally {
      await stored.close();
    }
  }, 120_000);
});
