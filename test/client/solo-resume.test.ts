/**
 * Solo practice kept on the device, without a browser: the flow machine over the solo transport with a store in
 * memory. A second start continues the saved hand exactly (racks, phase, version), after the person's own pass too;
 * a corrupt, truncated, foreign or old value, or one saved under another seed, gives a fresh deal and no crash; the
 * next hand replaces the saved one.
 */
import '../../src/i18n/locales.js';
import { createActor, waitFor, type Actor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { flowMachine } from '../../src/client/flow.machine.js';
import { createSoloHost, soloTransport, type SoloHost } from '../../src/client/solo-transport.js';
import { SOLO_FORMAT, decodeSolo, encodeSolo, type SoloStore } from '../../src/client/solo-store.js';
import { isSeatView } from '../../src/client/transport.js';

function memoryStore(text: string | null = null): SoloStore & { text: string | null; saves: number } {
  const store = {
    text,
    saves: 0,
    load: () => store.text,
    save: (next: string) => {
      store.text = next;
      store.saves += 1;
    },
    clear: () => {
      store.text = null;
    },
  };
  return store;
}

function start(store: SoloStore, seed: number | undefined, host: SoloHost = createSoloHost()): Actor<typeof flowMachine> {
  const transport = soloTransport(seed === undefined ? { botDelay: 0, store, host } : { seed, botDelay: 0, store, host });
  const actor = createActor(flowMachine.provide({ actors: { transport } }), { input: { locale: 'en' } });
  actor.start();
  return actor;
}

/** What a reload must show again: the rack, the phase, the hand, the version. */
function seen(actor: Actor<typeof flowMachine>) {
  const { view, version } = actor.getSnapshot().context;
  if (view === null || !isSeatView(view)) throw new Error('no seat view');
  return { rack: view.rack.map((tile) => `${tile.id}:${tile.tile}`), phase: view.phase, hand: actor.getSnapshot().context.table?.hand, version, counts: view.counts };
}

const waitingForEast = (actor: Actor<typeof flowMachine>) => waitFor(actor, (s) => s.matches({ live: 'choosing' }) && s.context.view !== null && isSeatView(s.context.view) && s.context.view.waitingFor.length === 1);

async function passEast(actor: Actor<typeof flowMachine>): Promise<void> {
  const { view, legal } = actor.getSnapshot().context;
  if (view === null || !isSeatView(view) || legal?.pass == null) throw new Error('no pass to make');
  const from = legal.pass.from;
  for (const tile of view.rack.filter((entry) => from.includes(entry.tile)).slice(0, 3)) actor.send({ type: 'tile.toggle', id: tile.id });
  actor.send({ type: 'act', action: 'pass' });
  actor.send({ type: 'confirm' });
  await waitFor(actor, (s) => s.context.view?.phase !== view.phase);
}

describe('solo practice kept on the device', () => {
  it('a second start continues the hand exactly, also after the person has passed', async () => {
    const store = memoryStore();
    const first = start(store, 11);
    await waitingForEast(first);
    const dealt = seen(first);
    first.stop();
    expect(store.text).not.toBeNull();
    const second = start(store, 11);
    await waitingForEast(second);
    expect(seen(second)).toEqual(dealt);
    await passEast(second);
    await waitingForEast(second);
    const later = seen(second);
    expect(later.phase).toBe('firstCharleston.across');
    expect(later.version).toBeGreaterThan(dealt.version);
    second.stop();
    const host = createSoloHost();
    const third = start(store, 11, host);
    await waitingForEast(third);
    expect(seen(third)).toEqual(later);
    // The review's material came back too: the hand's first table and its events.
    expect(host.events.length).toBe(later.version);
    third.stop();
  });

  it('the next hand replaces the saved one', async () => {
    const store = memoryStore();
    const host = createSoloHost();
    const first = start(store, 12, host);
    await waitingForEast(first);
    host.next?.();
    await waitFor(first, (s) => s.context.table?.hand === 2);
    await waitingForEast(first);
    const next = seen(first);
    first.stop();
    const again = start(store, 12);
    await waitingForEast(again);
    expect(seen(again)).toEqual(next);
    again.stop();
  });

  it('a value that cannot be read or restored gives a fresh deal, never a crash', async () => {
    const fresh = memoryStore();
    const reference = start(fresh, 13);
    await waitingForEast(reference);
    const dealt = seen(reference);
    reference.stop();
    const good = JSON.parse(fresh.text ?? '{}') as Record<string, unknown>;
    const bad = [
      '{"format":',
      'not json',
      JSON.stringify({ ...good, format: 'charleston-solo/0' }),
      JSON.stringify({ ...good, table: '{"format":"charleston-table","version":99}' }),
      JSON.stringify({ ...good, table: String(good.table).slice(0, 200) }),
      JSON.stringify({ ...good, events: 'many' }),
      JSON.stringify({ ...good, version: -1 }),
      JSON.stringify({ ...good, seed: 14 }),
      JSON.stringify([1, 2]),
    ];
    for (const text of bad) {
      const store = memoryStore(text);
      const actor = start(store, 13);
      await waitingForEast(actor);
      expect(seen(actor)).toEqual(dealt);
      // The fresh hand is saved over the bad value.
      expect(decodeSolo(store.text, 13)).not.toBeNull();
      actor.stop();
    }
  });

  it('reads only its own format', () => {
    const saved = { seed: null, table: 't', initial: 'i', events: [{ type: 'x' }], earlier: 0, before: 0, version: 1 };
    expect(decodeSolo(encodeSolo(saved), null)).toEqual(saved);
    expect(JSON.parse(encodeSolo(saved)).format).toBe(SOLO_FORMAT);
    expect(decodeSolo(encodeSolo(saved), 5)).toBeNull();
    expect(decodeSolo(null, null)).toBeNull();
    expect(decodeSolo(encodeSolo({ ...saved, version: 0 }), null)).toBeNull();
  });
});
