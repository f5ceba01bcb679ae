/**
 * The card teacher: it keeps what serves its closest hands and passes what serves none (never a joker), stops
 * when close and continues when far, declares only a rack that is a hand of the card, and over 100 seeded hands
 * with the practice card brings its racks nearer their closest hands than random bots do.
 */
import { describe, expect, it } from 'vitest';
import { cardTeacherFall } from '../../bench/card-teacher.js';
import { aimHands, cheapestTiles, splitRack } from '../../src/bots/card-plan.js';
import { createCharleston, legalActions, viewFor, type Tile } from '../../src/index.js';
import { CARD_STOP_AT, playHand, teacherStrategyFor } from '../../src/entries/bots.js';
import { cardValidator, closestHands, parseCard, PRACTICE_CARD } from '../../src/entries/card.js';
import { dealWithEast } from '../client/support/deals.js';

const ONE_HAND = parseCard('# 2468\nFF 2222a 4444a 6666a\n# Winds\nNNNN EEEE WWW SSS\n');
const RACK: Tile[] = ['F', 'F', '2C', '2C', '4C', '4C', '6C', '7D', '9B', 'N', '1B', '3B', '5D', 'E'];

describe('the card teacher', () => {
  it('keeps the tiles that serve its closest hand and sets the rest aside', () => {
    const [aim] = aimHands(ONE_HAND, RACK);
    expect(aim).toMatchObject({ text: 'FF 2222a 4444a 6666a', missing: 7 });
    const { keep, spare } = splitRack(ONE_HAND, [aim!], RACK);
    expect([...keep].sort()).toEqual(['2C', '2C', '4C', '4C', '6C', 'F', 'F']);
    expect([...spare].sort()).toEqual(['1B', '3B', '5D', '7D', '9B', 'E', 'N']);
  });

  it('gives up a copy the hand does not need (a joker can stand in for a tile of a group of four), never a joker', () => {
    const rack: Tile[] = ['2C', '2C', '2C', '2C', '2C', '4C', '4C', '4C', '4C', '6C', '6C', '6C', '6C', 'J'];
    const hands = aimHands(ONE_HAND, rack).slice(0, 1);
    expect(hands[0]?.missing).toBe(2);
    const [first] = cheapestTiles(ONE_HAND, hands, rack, rack, 1);
    expect(closestHands(ONE_HAND, rack.filter((_, i) => i !== rack.indexOf(first!)), 1)[0]?.missing).toBe(2);
    const picked = cheapestTiles(ONE_HAND, hands, rack, rack, 3);
    expect(picked).toHaveLength(3);
    expect(picked).not.toContain('J');
  });

  it('passes away from its aimed hand: the hint example passes none of 2C 4C 6C F', () => {
    const table = createCharleston({ seed: 1, deal: dealWithEast(RACK) });
    const snapshot = table.getSnapshot();
    const event = teacherStrategyFor(ONE_HAND).act(viewFor(snapshot, 'east'), legalActions(snapshot, 'east'), () => 0);
    expect(event).toMatchObject({ type: 'pass.commit', seat: 'east' });
    const tiles = (event as { tiles: Tile[] }).tiles;
    expect(tiles).toHaveLength(3);
    for (const tile of tiles) expect(['2C', '4C', '6C', 'F', 'J']).not.toContain(tile);
  });

  it('declares only a rack that is a hand of the card, even where the table would take any declaration', () => {
    const winning: Tile[] = ['F', 'F', '2C', '2C', '2C', '2C', '4C', '4C', '4C', '4C', '6C', '6C', '6C', '6C'];
    for (const [rack, declares] of [[winning, true], [RACK, false]] as const) {
      const snapshot = createCharleston({ seed: 1, deal: dealWithEast(rack) }).getSnapshot();
      const legal = legalActions(snapshot, 'east');
      expect(legal.declareMahjong).toBe(true);
      const event = teacherStrategyFor(ONE_HAND).act(viewFor(snapshot, 'east'), legal, () => 0);
      expect(event?.type === 'hand.declareMahjong').toBe(declares);
    }
  });

  it('in 30 seeded hands with the practice card: every move is accepted, no joker leaves a rack, votes follow the distance', () => {
    const card = parseCard(PRACTICE_CARD);
    const teacher = teacherStrategyFor(card);
    const votes = { stop: 0, continue: 0 };
    for (let seed = 1; seed <= 30; seed += 1) {
      const engine = createCharleston({ seed, isWinningHand: cardValidator(card) });
      playHand({
        engine,
        strategies: { east: teacher, south: teacher, west: teacher, north: teacher },
        beforeEvent: (by, event, table) => {
          if (by === 'table' || event.type !== 'vote.cast') return;
          const rack = viewFor(table.getSnapshot(), by).rack.map((tile) => tile.tile);
          const close = (closestHands(card, rack, 1)[0]?.missing ?? 14) <= CARD_STOP_AT;
          const canStop = legalActions(table.getSnapshot(), by).vote.includes('stop');
          expect(event.vote).toBe(close && canStop ? 'stop' : 'continue');
          votes[event.vote] += 1;
        },
        onEvent: ({ event, result }) => {
          expect(result.ok).toBe(true);
          if (event.type === 'pass.commit' || event.type === 'courtesy.commit') expect(event.tiles).not.toContain('J');
        },
      });
      expect(['complete', 'eastMahjong']).toContain(engine.phase);
    }
    expect(votes.stop).toBeGreaterThan(0);
    expect(votes.continue).toBeGreaterThan(0);
  });

  it('over 100 seeded hands with the practice card, its racks come nearer their closest hands than random bots and the teacher without the card do', () => {
    const result = cardTeacherFall(100);
    expect(result.teacher).toBeGreaterThan(result.random);
    expect(result.teacher).toBeGreaterThan(result.plainTeacher);
    expect(result.teacher).toBeGreaterThan(1);
  });
});
