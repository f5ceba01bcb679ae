/**
 * The review of a hand made by replaying its log on the engine (`charleston-engine/review`): on seeded bot hands
 * (teachers and random bots, blind passes, stopped and full Charleston, courtesy, redeals) each resolved pass says
 * exactly what joined each seat's rack as that seat's own view said it at the time; every committed packet is
 * the one its event named; the votes, the courtesy exchanges, the declaration and a misdeal are the engine's. A log
 * that does not belong to the table is refused, naming the event.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { playHand, randomStrategy, teacherStrategy } from '../../src/entries/bots.js';
import { ReviewError, reviewHand } from '../../src/entries/review.js';
import { faceOf, sortCodes } from '../../src/entries/rules.js';
import { PRACTICE_CARD, closestHands, parseCard } from '../../src/entries/card.js';
import { SEATS, createCharleston, persist, viewFor, type Seat, type Tile } from '../../src/index.js';
import { declaringEast } from '../support/games.js';

interface Played {
  initial: string;
  events: unknown[];
  /** What each seat's view said had joined its rack, after each pass that resolved, by pass phase. */
  received: Map<string, Record<Seat, Tile[]>>;
  commits: { seat: Seat; tiles: Tile[]; blind: number; phase: string }[];
  final: ReturnType<ReturnType<typeof createCharleston>['getSnapshot']>;
  /** The racks of the deal the review covers (after the last redeal), as faces. */
  dealt: Record<Seat, Tile[]>;
}

const facesBySeat = (snapshot: Played['final']): Record<Seat, Tile[]> => Object.fromEntries(SEATS.map((seat) => [seat, snapshot.context.racks[seat].map((id) => faceOf(id))])) as Record<Seat, Tile[]>;

function play(seed: number, random: boolean, declaration = false): Played {
  const strategy = random ? randomStrategy : teacherStrategy;
  const rules = declaration ? { declarationReview: true } : {};
  const service = createCharleston({ seed, rules });
  const initial = persist(service);
  let dealt = facesBySeat(service.getSnapshot());
  const events: unknown[] = [];
  const received = new Map<string, Record<Seat, Tile[]>>();
  const commits: Played['commits'] = [];
  let lastRedeal = 0;
  const outcome = playHand({
    seed,
    service,
    botSeed: seed * 7 + 1,
    redeal: true,
    strategies: { east: declaration ? declaringEast : strategy, south: strategy, west: strategy, north: strategy },
    beforeEvent: (_by, event, table) => {
      if (event.type === 'pass.commit') commits.push({ seat: event.seat, tiles: [...event.tiles], blind: event.blind ?? 0, phase: viewFor(table.getSnapshot(), null).phase });
    },
    onEvent: (played, table) => {
      if (!played.result.ok) {
        if (played.event.type === 'pass.commit') commits.pop();
        return;
      }
      events.push({ ...played.event });
      if (played.event.type === 'hand.redeal') {
        lastRedeal = events.length;
        dealt = facesBySeat(table.getSnapshot());
        received.clear();
        commits.length = 0;
      }
      if (played.event.type === 'pass.retract') {
        const index = commits.map((commit) => commit.seat).lastIndexOf(played.event.seat);
        if (index >= 0) commits.splice(index, 1);
      }
      const snapshot = table.getSnapshot();
      const views = SEATS.map((seat) => viewFor(snapshot, seat));
      if (played.event.type === 'pass.commit' && views.every((view) => view.packet === null)) {
        received.set(commits[commits.length - 1]?.phase ?? '', Object.fromEntries(views.map((view) => [view.seat, sortCodes(view.received.map((tile) => tile.tile))])) as Record<Seat, Tile[]>);
      }
    },
  });
  void lastRedeal;
  return { initial, events, received, commits, final: outcome.engine.getSnapshot(), dealt };
}

describe('the review of a hand, replayed on the engine', () => {
  it("given the table's card, says each seat's closest hand to its final rack and how far its dealt and final racks were from it", () => {
    const card = parseCard(PRACTICE_CARD);
    let improved = 0;
    let redealt = 0;
    for (let seed = 1; seed <= 12; seed += 1) {
      const played = play(seed, seed % 2 === 0);
      const review = reviewHand(played.initial, played.events, { card });
      const { progress, ...rest } = review;
      expect(rest, `seed ${seed}: the card adds progress only`).toEqual(reviewHand(played.initial, played.events));
      if (review.redeals > 0) redealt += 1;
      for (const seat of SEATS) {
        const end = closestHands(card, facesBySeat(played.final)[seat], card.hands.length);
        const closest = end[0];
        const atDeal = closestHands(card, played.dealt[seat], card.hands.length).find((hand) => hand.index === closest?.index);
        expect(progress?.[seat], `seed ${seed}, ${seat}`).toEqual({ hand: { index: closest?.index, section: closest?.section, text: closest?.text }, missingAtDeal: atDeal?.missing, missingNow: closest?.missing });
        if ((atDeal?.missing ?? 0) > (closest?.missing ?? 0)) improved += 1;
      }
    }
    expect(improved).toBeGreaterThan(0);
    console.log(`review progress: 48 seats checked, ${improved} closer at the end than at the deal, ${redealt} hands redealt`);
  });

  it('says what joined each rack in every pass, as each seat saw it, over seeded hands with blind passes', () => {
    let passes = 0;
    let blind = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      const played = play(seed, seed % 2 === 0);
      const review = reviewHand(played.initial, played.events);
      expect(review.phase, `seed ${seed}`).toBe(viewFor(played.final, null).phase);
      expect([...played.received.keys()], `seed ${seed}: the passes that resolved`).toEqual(review.passes.map((pass) => pass.phase));
      for (const pass of review.passes) {
        const seen = played.received.get(pass.phase);
        for (const packet of pass.packets) {
          if (packet.blind > 0) blind += 1;
          expect(packet.tiles.length + packet.blind, `seed ${seed} ${pass.phase} from ${packet.from}`).toBe(3);
          expect(sortCodes(packet.received), `seed ${seed} ${pass.phase} into ${packet.to}`).toEqual(seen?.[packet.to]);
          const commit = played.commits.filter((each) => each.seat === packet.from && each.phase === pass.phase).at(-1);
          expect({ tiles: packet.tiles, blind: packet.blind }).toEqual({ tiles: commit?.tiles, blind: commit?.blind });
        }
        passes += 1;
      }
      const votes = played.final.context.votes;
      expect(review.votes.map((vote) => vote.vote).sort()).toEqual(SEATS.map((seat) => votes[seat]).filter((vote) => vote !== null).sort());
      expect(review.stoppedBy).toBe(SEATS.find((seat) => votes[seat] === 'stop') ?? null);
      for (const packet of review.courtesy) {
        expect(packet.tiles.length).toBe(packet.received.length);
        expect(sortCodes(packet.received)).toEqual(sortCodes(packet.tiles));
      }
    }
    expect(passes).toBeGreaterThan(30 * 3);
    expect(blind).toBeGreaterThan(0);
  });

  it('starts again after a redeal: the review covers the last deal only, and counts the redeals', () => {
    const service = createCharleston({ seed: 11 });
    const initial = persist(service);
    const events: unknown[] = [];
    const send = (event: Record<string, unknown>): void => {
      expect(service.send(event).ok, JSON.stringify(event)).toBe(true);
      events.push(event);
    };
    for (const seat of SEATS) send({ type: 'pass.commit', seat, tiles: viewFor(service.getSnapshot(), seat).rack.filter((tile) => tile.tile !== 'J').slice(0, 3).map((tile) => tile.tile) });
    send({ type: 'misdeal.declare', seat: 'south', reason: 'a tile on the floor' });
    const dead = reviewHand(initial, events);
    expect(dead.passes.map((pass) => pass.phase)).toEqual(['firstCharleston.right']);
    expect(dead.misdealBy).toBe('south');
    expect(dead.phase).toBe('misdeal');
    send({ type: 'hand.redeal' });
    const redealt = facesBySeat(service.getSnapshot());
    for (const seat of SEATS) send({ type: 'pass.commit', seat, tiles: viewFor(service.getSnapshot(), seat).rack.filter((tile) => tile.tile !== 'J').slice(0, 3).map((tile) => tile.tile) });
    const again = reviewHand(initial, events);
    // With a card, the deal progress is measured from is the redeal's, not the first deal's.
    const card = parseCard(PRACTICE_CARD);
    const progress = reviewHand(initial, events, { card }).progress;
    const first = facesBySeat(createCharleston({ seed: 11 }).getSnapshot());
    let differs = 0;
    for (const seat of SEATS) {
      const index = progress?.[seat].hand.index;
      const missingIn = (rack: Tile[]): number | undefined => closestHands(card, rack, card.hands.length).find((hand) => hand.index === index)?.missing;
      expect(progress?.[seat].missingAtDeal).toBe(missingIn(redealt[seat]));
      expect(progress?.[seat].missingNow).toBe(missingIn(facesBySeat(service.getSnapshot())[seat]));
      if (missingIn(first[seat]) !== missingIn(redealt[seat])) differs += 1;
    }
    expect(differs).toBeGreaterThan(0);
    expect(again).toMatchObject({ redeals: 1, misdealBy: null, phase: 'firstCharleston.across' });
    expect(again.passes).toHaveLength(1);
    for (const packet of again.passes[0]?.packets ?? []) expect(sortCodes(packet.received)).toEqual(sortCodes(viewFor(service.getSnapshot(), packet.to).received.map((tile) => tile.tile)));
  });

  it("records East's declaration and the answers when the table reviews it", () => {
    let declared = 0;
    for (let seed = 1; seed <= 6; seed += 1) {
      const played = play(seed, false, true);
      const review = reviewHand(played.initial, played.events);
      if (!review.declared) continue;
      declared += 1;
      expect(review.accepted).toEqual(played.final.context.acceptedBy);
      expect(review.misdealBy).toBe(played.final.context.misdeal?.by ?? null);
    }
    expect(declared).toBeGreaterThan(0);
  });

  it('skips the service’s own table.* rows and refuses a log that is not the table’s, naming the event', () => {
    const played = play(3, false);
    // The service's rows (a join, the clock's start, a name) land between the engine's, at their own versions.
    const own = [{ type: 'table.join', seat: 'south' }, { type: 'table.start' }, { type: 'table.name', seat: 'east', name: 'Ana' }, { type: 'table.join', seat: 'north' }];
    const withRows = played.events.flatMap((event, index) => (index % 7 === 0 && own[index / 7] !== undefined ? [own[index / 7], event] : [event]));
    expect(withRows.length).toBe(played.events.length + own.length);
    expect(reviewHand(played.initial, withRows)).toEqual(reviewHand(played.initial, played.events));
    const other = persist(createCharleston({ seed: 4 }));
    expect(() => reviewHand(other, played.events)).toThrow(ReviewError);
    try {
      reviewHand(other, played.events);
    } catch (error) {
      expect((error as ReviewError).index).toBeGreaterThanOrEqual(0);
      expect((error as Error).message).toMatch(/^event \d+ \(pass\.commit\) does not replay on this table: TILE_NOT_IN_RACK$/);
    }
  });
});
