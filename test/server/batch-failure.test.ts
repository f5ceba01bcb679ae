/**
 * A batch that fails acknowledges none of its events (issue 20, item 5). On a real database: one event of a batch
 * that the statement cannot store (its text is not JSON, so the `jsonb` cast fails) makes the whole statement
 * fail; no table of the batch moves and no log row is written, every waiting event is rejected with the same
 * `UNAVAILABLE` error, and the queue goes on committing the next batch.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/server/errors.js';
import { CommitQueue, commitBatch, type BatchEntry } from '../../src/server/storage/batch.js';
import type { Db } from '../../src/server/storage/db.js';
import { migrate } from '../../src/server/storage/schema.js';
import { databases, open } from './support.js';

async function insertTable(db: Db): Promise<string> {
  const id = `fail-${randomUUID()}`;
  await db.query(`INSERT INTO charleston_tables (id, version, phase, locale, players, snapshot) VALUES ($1, 0, 'firstCharleston.right', 'en', '{}', 'before')`, [id]);
  return id;
}

const entry = (tableId: string, version: number, eventText = JSON.stringify({ type: 'pass.retract', seat: 'east' })): BatchEntry => ({
  tableId,
  version,
  seat: 'east',
  eventText,
  phase: 'firstCharleston.across',
  snapshot: `after ${version}`,
});

/** Each table's version and snapshot, and how many log rows it has. */
async function stored(db: Db, ids: readonly string[]): Promise<Array<{ version: number; snapshot: string | null; events: number }>> {
  const out: Array<{ version: number; snapshot: string | null; events: number }> = [];
  for (const id of ids) {
    const [row] = await db.query<{ version: number; snapshot: string | null }>('SELECT version, snapshot FROM charleston_tables WHERE id = $1', [id]);
    const [count] = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM charleston_events WHERE table_id = $1', [id]);
    out.push({ version: Number(row?.version), snapshot: row?.snapshot ?? null, events: Number(count?.n) });
  }
  return out;
}

describe.each(databases())('a failed batch on $name', ({ location }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open(location());
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('stores nothing of the statement when one of its events cannot be stored', async () => {
    const ids = [await insertTable(db), await insertTable(db), await insertTable(db)];
    const batch = [entry(ids[0] as string, 1), entry(ids[1] as string, 1, '{not json'), entry(ids[2] as string, 1)];
    await expect(commitBatch(db, batch, 'test-node')).rejects.toThrow();
    expect(await stored(db, ids)).toEqual(ids.map(() => ({ version: 0, snapshot: 'before', events: 0 })));
    // The same statement without the bad event stores the other two.
    expect(await commitBatch(db, [batch[0] as BatchEntry, batch[2] as BatchEntry], 'test-node')).toEqual(new Set([ids[0], ids[2]]));
    expect(await stored(db, ids)).toEqual([
      { version: 1, snapshot: 'after 1', events: 1 },
      { version: 0, snapshot: 'before', events: 0 },
      { version: 1, snapshot: 'after 1', events: 1 },
    ]);
  });

  it('rejects every event of the failed batch with UNAVAILABLE, acknowledges none, and commits the next batch', async () => {
    const ids = await Promise.all(Array.from({ length: 24 }, () => insertTable(db)));
    const queue = new CommitQueue(db, 'test-node', { maxInFlight: 1 });
    // All 24 are queued in this turn of the event loop, so they form one batch; the eleventh cannot be stored.
    const outcomes = await Promise.allSettled(ids.map((id, index) => queue.commit(entry(id, 1, index === 10 ? '{not json' : undefined))));
    expect(queue.stats).toMatchObject({ batches: 1, events: 24, largest: 24, failed: 1 });
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ServiceError;
      expect(reason).toBeInstanceOf(ServiceError);
      expect(reason.code).toBe('UNAVAILABLE');
      expect(reason.message).toContain('batch of 24 events failed');
      expect(reason.message).toContain('version');
    }
    expect(await stored(db, ids)).toEqual(ids.map(() => ({ version: 0, snapshot: 'before', events: 0 })));
    // The queue is not stuck: the next batch (the good events again) commits all of them.
    const again = await Promise.all(ids.map((id) => queue.commit(entry(id, 1))));
    expect(again).toEqual(ids.map(() => true));
    expect(queue.stats).toMatchObject({ batches: 2, failed: 1 });
    expect(await stored(db, ids)).toEqual(ids.map(() => ({ version: 1, snapshot: 'after 1', events: 1 })));
  });
});
