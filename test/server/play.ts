/** Playing whole hands over live connections, and checking every frame against the log replayed. */
import { expect } from 'vitest';
import { createCharleston, viewFor, type CharlestonSnapshot, type Seat } from '../../src/index.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, keysOf, moveFromView, tileIdsOf, type Frame } from './support.js';
import { tableRules } from '../../src/server/hands.js';
import { isServiceRow } from './consistency.js';

const ENDED = new Set(['complete', 'eastMahjong']);

/** Plays `client`'s seat from its own views until the hand ends (bounded); returns how many events it sent. */
export async function playSeat(client: LiveClient, maxTurns = 400): Promise<number> {
  let acted = -1;
  let sent = 0;
  for (let turn = 0; turn < maxTurns; turn += 1) {
    await client.until(() => (client.latest?.version ?? -1) > acted);
    const frame = client.latest as Frame;
    if (ENDED.has(frame.phase)) return sent;
    acted = frame.version;
    const move = moveFromView(frame.view);
    if (move === null) continue;
    const result = await client.send(move);
    expect(result.type).toBe('result');
    if (result.ok === true) sent += 1;
  }
  throw new Error(`seat ${client.latest?.view?.seat} did not finish in ${maxTurns} turns`);
}

/**
 * The snapshot after each version, by replaying the log on a fresh engine with the same seed. The log is read
 * with the operator's token (the test nodes are started with {@link TEST_OPERATOR_TOKEN}): table tokens see no
 * face of a hand in play.
 */
export async function replay(base: string, id: string, seed: number): Promise<{ snapshots: CharlestonSnapshot[]; events: Array<Record<string, any>> }> {
  const log = await api<{ events: Array<Record<string, any>> }>(base, 'GET', `/api/tables/${id}/log`, { token: TEST_OPERATOR_TOKEN });
  expect(log.status).toBe(200);
  // The service's rules for a table created without a card (the declaration review on).
  const engine = createCharleston({ seed, rules: tableRules(undefined) as Record<string, unknown> });
  const snapshots = [engine.getSnapshot()];
  log.body.events.forEach((entry, index) => {
    expect(entry.version).toBe(index + 1); // gapless, from 1 after the table's version 0
    if (isServiceRow(entry.event)) {
      snapshots.push(engine.getSnapshot()); // the service's own row (a name, a join, the clock's start): no engine event
      return;
    }
    const result = engine.send(entry.event);
    expect(result.ok, `logged event ${entry.version} replays`).toBe(true);
    if (typeof entry.event.seat === 'string') expect(entry.seat).toBe(entry.event.seat);
    snapshots.push(engine.getSnapshot());
  });
  engine.stop();
  return { snapshots, events: log.body.events };
}

/**
 * Checks every frame a client received: a seat's view is exactly the engine's view for that seat at that
 * version, and mentions no tile id that is not that seat's own; no frame has a wall or a seed; a spectator's
 * frames have no rack, no packet and no tile at all. Returns the number of frames checked.
 */
export function checkFrames(client: LiveClient, seat: Seat | null, snapshots: readonly CharlestonSnapshot[]): number {
  let checked = 0;
  for (const [index, frame] of client.frames.entries()) {
    const keys = keysOf(frame);
    expect(keys.has('wall'), `frame ${index} has no wall`).toBe(false);
    expect(keys.has('seed'), `frame ${index} has no seed`).toBe(false);
    expect(client.texts[index]).not.toMatch(/"wall"|"seed"/);
    if (frame.type !== 'view') continue;
    const snapshot = snapshots[frame.version];
    expect(snapshot, `a snapshot for version ${frame.version}`).toBeDefined();
    if (snapshot === undefined) continue;
    expect(frame.view).toEqual(JSON.parse(JSON.stringify(viewFor(snapshot, seat, { locale: 'en' }))));
    const ids = tileIdsOf(frame.view);
    if (seat === null) {
      expect(ids).toEqual([]);
      expect(keys.has('rack') || keys.has('packet')).toBe(false);
    } else {
      const context = snapshot.context;
      const own = new Set<number>([...context.racks[seat], ...(context.table[seat]?.tiles ?? []), ...context.received[seat]]);
      for (const id of ids) expect(own.has(id), `tile id ${id} in ${seat}'s frame at version ${frame.version} is ${seat}'s own`).toBe(true);
    }
    checked += 1;
  }
  return checked;
}
