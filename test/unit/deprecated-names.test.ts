/**
 * The engine's former names stay for one release (docs/api.md, "Names that changed"): the type
 * `CharlestonService` is the engine's type, and `playHand`'s `service` option and result still work beside `engine`.
 * The type lines are checked by `npm run typecheck`; the rest runs.
 */
import { describe, expect, it } from 'vitest';
import { createCharleston, type CharlestonEngine, type CharlestonService } from '../../src/index.js';
import { playHand } from '../../src/entries/bots.js';

describe('deprecated names', () => {
  it('CharlestonService is the engine type under its former name', () => {
    const engine: CharlestonEngine = createCharleston({ seed: 3 });
    const old: CharlestonService = engine;
    const back: CharlestonEngine = old;
    expect(back.phase).toBe('firstCharleston.right');
  });

  it('playHand takes the engine as `engine` or as the deprecated `service`, and returns it under both names', () => {
    const a = createCharleston({ seed: 5 });
    const b = createCharleston({ seed: 5 });
    const byNew = playHand({ engine: a, botSeed: 1 });
    const byOld = playHand({ service: b, botSeed: 1 });
    expect(byNew.engine).toBe(a);
    expect(byNew.service).toBe(a);
    expect(byOld.engine).toBe(b);
    expect(byOld.phase).toBe(byNew.phase);
    expect(byOld.eventCount).toBe(byNew.eventCount);
    expect(b.getSnapshot().context.racks).toEqual(a.getSnapshot().context.racks);
  });
});
