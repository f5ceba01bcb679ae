/**
 * The check the suite runs after every multi-node, crash and fault test: for each table, the log's versions are
 * gapless from 1 and the stored version is the log's length, and the stored snapshot equals the replay of the
 * current hand's events from that hand's version 0 (the table row keeps the first hand's, `charleston_hands` each
 * later one's), every logged engine event being accepted again on replay. Rows of the service's own (`table.next`,
 * `table.name`, `table.join`, `table.start`) change no engine and are not replayed.
 */
import { expect } from 'vitest';
import { restore } from '../../src/entries/persist.js';
import type { Db } from '../../src/server/storage/db.js';
import { selectEvents, selectHistory } from '../../src/server/storage/queries.js';

/** What the machine state of a persisted table is, for comparison (state value and context). */
function stateOf(persisted: string): string {
  const engine = restore(persisted);
  const { value, context } = engine.getSnapshot();
  engine.stop();
  return JSON.stringify({ value, context });
}

/** True for a log row the service wrote itself (no engine event). */
export function isServiceRow(event: unknown): boolean {
  const type = (event as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('table.');
}

/** Checks every table of `ids` (see the module comment); returns how many events were replayed in all. */
export async function expectStoredEqualsReplay(db: Db, ids: readonly string[]): Promise<number> {
  let replayed = 0;
  for (const id of ids) {
    const history = await selectHistory(db, id);
    expect(history, `table ${id} is stored`).not.toBeNull();
    if (history === null) continue;
    expect(history.initial, `table ${id} keeps its hand's version 0`).not.toBeNull();
    const engine = restore(history.initial as string);
    const events = await selectEvents(db, id);
    events.forEach((entry, index) => {
      expect(entry.version, `table ${id}: log versions are gapless`).toBe(index + 1);
      if (entry.version <= history.handVersion) return;
      expect(entry.hand, `table ${id}: event ${entry.version} belongs to the current hand`).toBe(history.hand);
      if (isServiceRow(entry.event)) return;
      const result = engine.send(entry.event);
      expect(result.ok, `table ${id}: logged event ${entry.version} replays`).toBe(true);
      replayed += 1;
    });
    expect(history.version, `table ${id}: stored version is the log's length`).toBe(events.length);
    const { value, context } = engine.getSnapshot();
    expect(JSON.stringify({ value, context }), `table ${id}: stored snapshot equals the replay of its log`).toBe(stateOf(history.snapshot));
    engine.stop();
  }
  return replayed;
}
