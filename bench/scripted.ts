/**
 * Scripted hands for the benchmark: for a seed, the exact list of events that takes a fresh table from the deal
 * to `complete` through both Charlestons and a courtesy pass of three (36 accepted events: 24 commits, 4 votes,
 * 4 offers, 4 courtesy commits). Built once, outside any timing, by asking the engine; replayed many times.
 */
import { createCharleston } from '../src/engine.js';
import { SEATS, type Seat } from '../src/seats.js';
import { JOKER, faceOf, type Tile } from '../src/tiles.js';
import type { CharlestonContext, CharlestonEvent } from '../src/types.js';

/** A seed and the events that complete its hand. */
export interface ScriptedHand {
  seed: number;
  events: CharlestonEvent[];
}

/** The seat's last `n` natural tiles (the highest ids: honours and flowers before suits). */
function spare(context: CharlestonContext, seat: Seat, n: number): Tile[] {
  const naturals = context.racks[seat].map(faceOf).filter((tile) => tile !== JOKER);
  return naturals.slice(naturals.length - n);
}

/** The scripted hand of `seed`; throws if the engine refuses any step or the hand does not complete. */
export function scriptHand(seed: number): ScriptedHand {
  const service = createCharleston({ seed });
  const events: CharlestonEvent[] = [];
  const send = (event: CharlestonEvent): void => {
    const result = service.send(event);
    if (!result.ok) throw new Error(`seed ${seed}: ${event.type} refused: ${result.refusal.code}`);
    events.push(event);
  };
  for (let guard = 0; guard < 20 && service.phase !== 'complete'; guard += 1) {
    const phase = service.phase;
    for (const seat of SEATS) {
      const context = service.context;
      if (phase === 'stopCheckpoint') send({ type: 'vote.cast', seat, vote: 'continue' });
      else if (phase === 'courtesy' && context.offers[seat] === null) send({ type: 'courtesy.offer', seat, count: 3 });
      else if (phase === 'courtesy') send({ type: 'courtesy.commit', seat, tiles: spare(context, seat, 3) });
      else if (phase.endsWith('Charleston.right') || phase.endsWith('.across') || phase.endsWith('.left')) {
        send({ type: 'pass.commit', seat, tiles: spare(context, seat, 3) });
      } else throw new Error(`seed ${seed}: unexpected phase ${phase}`);
    }
  }
  if (service.phase !== 'complete') throw new Error(`seed ${seed}: ended in ${service.phase}`);
  service.stop();
  return { seed, events };
}

/** Scripted hands for `count` seeds whose deal is not a misdeal (seeds from 1 up). */
export function scriptHands(count: number): ScriptedHand[] {
  const hands: ScriptedHand[] = [];
  for (let seed = 1; hands.length < count; seed += 1) hands.push(scriptHand(seed));
  return hands;
}
