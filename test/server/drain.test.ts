/**
 * The table master's drain, in process (PGlite in memory, a test time source): it ends while another node keeps
 * announcing changes (before, each announcement started a refresh that the drain then waited for, so a busy peer
 * kept a node from ever shutting down), and it gives up on work stuck in flight once its bound has passed on the
 * master's time source, naming that work.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimeSource } from '../../src/server/clock.js';
import { Hub } from '../../src/server/hub.js';
import { TableNode } from '../../src/server/table-node.js';
import { describeWork } from '../../src/server/work-tracker.js';
import { openDb } from '../../src/server/storage/db.js';
import { migrate } from '../../src/server/storage/schema.js';
import type { Db } from '../../src/server/storage/db.js';

/** A time source that stands still; `fire` runs the timers that are set. */
class HeldTime implements TimeSource {
  readonly timers = new Set<() => void>();
  now(): number {
    return 1_700_000_000_000;
  }
  setTimer(_millis: number, run: () => void): () => void {
    this.timers.add(run);
    return () => this.timers.delete(run);
  }
  fire(): void {
    for (const run of [...this.timers]) {
      this.timers.delete(run);
      run();
    }
  }
}

const OPTIONS = { maxLive: 100, idleMillis: 60_000, botBurst: 64, botRetryMillis: 100, operatorHash: null, clockSweepMillis: 0 } as const;
const HUMANS = { east: 'human', south: 'human', west: 'human', north: 'human' } as const;
const opened: Db[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const db of opened.splice(0)) await db.close();
});

/** PGlite in memory, migrated, behind `wrap` (which sees every statement outside a transaction). */
async function database(wrap: (db: Db) => Db = (db) => db): Promise<Db> {
  const db = await openDb({ kind: 'pglite', dir: null });
  opened.push(db);
  await migrate(db);
  return wrap(db);
}

/** Lets every callback already queued run (promise jobs and immediates), several rounds. */
async function settle(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('drain', () => {
  it('ends while another node keeps announcing changes (refreshes started meanwhile are not waited for)', async () => {
    let master: TableNode | null = null;
    let tableId = '';
    let draining = false;
    /** Reads of the table's row after the drain began: each one announces another change, as a busy peer would. */
    let readsWhileDraining = 0;
    const db = await database((inner) => ({
      ...inner,
      kind: inner.kind,
      transaction: (work) => inner.transaction(work),
      listen: (channel, onPayload) => inner.listen(channel, onPayload),
      health: () => inner.health(),
      onListenerRestored: (callback) => inner.onListenerRestored(callback),
      poolStats: () => inner.poolStats(),
      close: () => inner.close(),
      async query(sql, params) {
        const rows = await inner.query(sql, params);
        if (draining && params?.[0] === tableId && /FROM charleston_tables WHERE id/.test(sql) && readsWhileDraining < 200) {
          readsWhileDraining += 1;
          master?.onNotify(`${tableId} ${1000 + readsWhileDraining} peer`);
        }
        return rows as never;
      },
    }));
    const time = new HeldTime();
    master = new TableNode(db, new Hub(() => time.now()), { ...OPTIONS, time });
    const created = await master.create({}, 'en', HUMANS);
    tableId = created.id;
    master.hub.add(tableId, { role: { role: 'spectator' }, send: () => undefined }); // someone watches it here
    master.onNotify(`${tableId} 1 peer`); // a change on another node: a refresh in flight when the drain begins
    draining = true;
    const abandoned = await master.drain();
    expect(readsWhileDraining).toBeLessThanOrEqual(1); // before: 200, one refresh per announcement, all waited for
    expect(abandoned).toEqual([]);
    await master.close();
  }, 20_000);

  it('gives up on work stuck in flight once its bound has passed, naming it', async () => {
    let stall = false;
    const db = await database((inner) => ({
      ...inner,
      kind: inner.kind,
      query: (sql, params) => inner.query(sql, params),
      transaction: (work) => (stall ? new Promise<never>(() => undefined) : inner.transaction(work)),
      listen: (channel, onPayload) => inner.listen(channel, onPayload),
      health: () => inner.health(),
      onListenerRestored: (callback) => inner.onListenerRestored(callback),
      poolStats: () => inner.poolStats(),
      close: () => inner.close(),
    }));
    const time = new HeldTime();
    const master = new TableNode(db, new Hub(() => time.now()), { ...OPTIONS, time });
    const created = await master.create({}, 'en', HUMANS);
    const warnings: string[] = [];
    vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => {
      warnings.push(String(warning));
    });
    stall = true; // the database stops answering: a send hangs in flight
    const event = { type: 'pass.commit', seat: 'east', tiles: [] };
    void master.submit(created.id, { kind: 'token', role: { role: 'seat', home: 'east' }, tokenHash: 'x' }, event, 'a-key').catch(() => undefined);
    let drained: string[] | null = null;
    const draining = master.drain(3_000).then((abandoned) => {
      drained = abandoned;
    });
    await settle();
    expect(drained).toBeNull(); // the send is still in flight and the bound has not passed
    time.fire(); // the bound passes
    await draining;
    expect(drained).toEqual([`a send on table ${created.id}`]);
    expect(warnings.some((text) => text.includes(`shutdown: gave up after 3000 ms waiting for a send on table ${created.id}`))).toBe(true);
  }, 20_000);

  it('names abandoned work once per kind, with its count', () => {
    expect(describeWork(['a refresh of table A', 'the bots of table B', 'a refresh of table A'])).toBe('2 × a refresh of table A, the bots of table B');
    expect(describeWork([])).toBe('');
  });
});
