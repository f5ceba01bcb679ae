/**
 * The review of a finished hand as the page reads it (`src/client/review.ts`): the table's answer is checked field
 * by field (a malformed one is an error naming the field), and solo practice makes the same review in the page from
 * the hand it kept (the engine replays it), equal to what the table service would serve for the same events.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { ReviewShapeError, parseReview } from '../../src/client/review.js';
import { reviewHand } from '../../src/entries/review.js';
import { createSoloHost, soloTableApi } from '../../src/client/solo-transport.js';
import { playHand, teacherStrategy } from '../../src/entries/bots.js';
import { createCharleston, persist } from '../../src/index.js';

function playedHand(seed: number): { initial: string; events: object[] } {
  const service = createCharleston({ seed, rules: { declarationReview: true } });
  const initial = persist(service);
  const events: object[] = [];
  playHand({
    seed,
    service,
    botSeed: seed,
    strategies: { east: teacherStrategy, south: teacherStrategy, west: teacherStrategy, north: teacherStrategy },
    onEvent: (played) => {
      if (played.result.ok) events.push({ ...played.event });
    },
  });
  return { initial, events };
}

describe('the review as the page reads it', () => {
  it('reads the table’s answer as it was made (JSON in, the same review out)', () => {
    const { initial, events } = playedHand(9);
    const review = reviewHand(initial, events);
    expect(review.passes.length).toBeGreaterThanOrEqual(3);
    expect(parseReview(JSON.parse(JSON.stringify({ id: 'x', hand: 1, review })))).toEqual(review);
  });

  it('names the field of a malformed answer', () => {
    const { initial, events } = playedHand(9);
    const good = JSON.parse(JSON.stringify({ review: reviewHand(initial, events) }));
    const cases: Array<[(body: any) => void, RegExp]> = [
      [(body) => (body.review = null), /review\.\(body\)\.review: not an object/],
      [(body) => (body.review.passes = {}), /review\.passes: not a list/],
      [(body) => (body.review.passes[0].packets[1].to = 'middle'), /review\.passes\[0\]\.packets\[1\]\.to: not a seat/],
      [(body) => (body.review.passes[0].packets[0].tiles = ['1B', 'ZZ']), /review\.passes\[0\]\.packets\[0\]\.tiles\[1\]: not a tile/],
      [(body) => (body.review.passes[0].packets[0].blind = -1), /blind: not a count/],
      [(body) => (body.review.votes = [{ seat: 'east', vote: 'maybe' }]), /votes\[0\]\.vote: not stop or continue/],
      [(body) => (body.review.stoppedBy = 7), /stoppedBy: not a seat/],
    ];
    for (const [spoil, message] of cases) {
      const body = JSON.parse(JSON.stringify(good));
      spoil(body);
      expect(() => parseReview(body)).toThrow(ReviewShapeError);
      expect(() => parseReview(body)).toThrow(message);
    }
  });

  it('solo practice makes the review of the hand it kept, in the page', async () => {
    const { initial, events } = playedHand(5);
    const host = createSoloHost();
    await expect(soloTableApi(host).readReview(null)).rejects.toThrow(/no hand/);
    host.initial = initial;
    host.events = events;
    expect(await soloTableApi(host).readReview(1)).toEqual(reviewHand(initial, events));
  });
});
