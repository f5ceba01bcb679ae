/**
 * The Charleston as a child of a game machine (examples/game-machine.ts): the parent forwards player events,
 * hears refusals back, and its onDone receives the output.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { charlestonSnapshotOf, gameMachine, playGame } from '../../examples/game-machine.js';
import { createCharleston, legalActions } from '../../src/index.js';
import { legalEvents } from '../../src/entries/bots.js';

describe('a game machine that invokes the Charleston', () => {
  it('plays a hand through the child; onDone gets the output; East discards first', () => {
    const game = playGame(2026);
    const { context } = game.getSnapshot();
    expect(game.getSnapshot().value).toBe('play');
    expect(context.refusals.map((r) => r.refusal.code)).toEqual(['JOKER_NOT_PASSABLE']);
    expect(context.charleston?.outcome).toBe('complete');
    expect(context.charleston?.racks.east).toHaveLength(14);
    expect(context.charleston?.racks.north).toHaveLength(13);
    expect(context.charleston?.wall.length).toBeGreaterThan(90);
    game.send({ type: 'play.discard', seat: 'east', tile: context.charleston?.racks.east[0] ?? '' });
    expect(game.getSnapshot().status).toBe('done');
  });

  it('the child decides like a table: the same events give the same hand as createCharleston', () => {
    const game = createActor(gameMachine, { input: { seed: 77 } }).start();
    const table = createCharleston({ seed: 77 });
    for (let i = 0; i < 12; i += 1) {
      const seat = (['east', 'south', 'west', 'north'] as const)[i % 4] ?? 'east';
      const event = legalEvents(legalActions(table, seat))[0];
      if (event === undefined) continue;
      table.send(event);
      game.send(event);
    }
    expect(charlestonSnapshotOf(game)?.context).toEqual(table.context);
  });

  it('garbage forwarded to the child is refused back to the parent; the child stays active', () => {
    const game = createActor(gameMachine, { input: { seed: 5 } }).start();
    game.send({ type: 'pass.commit', seat: 'nobody', tiles: [] } as never);
    game.send({ type: 'vote.cast', seat: 'east', vote: 'stop' });
    expect(game.getSnapshot().context.refusals.map((r) => r.refusal.code)).toEqual(['UNKNOWN_SEAT', 'NOT_NOW']);
    expect(charlestonSnapshotOf(game)?.status).toBe('active');
  });

  it('a bad setup is the child error: the parent goes to onError', () => {
    const game = createActor(gameMachine, { input: { seed: -1 } }).start();
    expect(game.getSnapshot().value).toBe('failed');
  });
});
