/**
 * The Charleston as one phase of a game: a small game machine (deal → Charleston → play) that invokes the
 * engine's `charlestonMachine` as a child. The game forwards each player event to the child as `engine.submit`,
 * hears refusals back as `charleston.rejected`, and its `onDone` receives the Charleston's output: every rack
 * as tile codes and the wall in draw order, ready for East's first discard.
 *
 * Run it: `npx tsx examples/game-machine.ts` (after `npm run build`). It plays a seeded hand with teacher bots.
 */
import { assign, createActor, sendTo, setup, type ActorOptions } from 'xstate';
import {
  charlestonMachine,
  legalActions,
  viewFor,
  type CharlestonEvent,
  type CharlestonOutput,
  type CharlestonSnapshot,
  type Refusal,
  type Seat,
} from 'charleston-engine';
import { mulberry32 } from 'charleston-engine/rules';
import { teacherStrategy } from 'charleston-engine/bots';

/** What the game remembers: the seed of its deal, the Charleston's result, and what was refused. */
export interface GameContext {
  seed: number;
  charleston: CharlestonOutput | null;
  refusals: { refusal: Refusal; event: unknown }[];
}

/** The game's events: the players' Charleston events (forwarded), refusals from the child, and play. */
export type GameEvent =
  | CharlestonEvent
  | { type: 'charleston.rejected'; refusal: Refusal; event: unknown }
  | { type: 'play.discard'; seat: Seat; tile: string };

/** An inspection observer, as `createActor(…, { inspect })` takes it (e.g. `createWebSocketInspector().inspect`). */
export type InspectionObserver = NonNullable<ActorOptions<typeof charlestonMachine>['inspect']>;

/** Forwards a player event to the Charleston: the child decides it (and answers a refusal with `charleston.rejected`). */
const forward = { actions: 'forwardToCharleston' } as const;

export const gameMachine = setup({
  types: {
    context: {} as GameContext,
    events: {} as GameEvent,
    input: {} as { seed: number },
  },
  actors: { charleston: charlestonMachine },
  actions: {
    forwardToCharleston: sendTo('charleston', ({ event }) => ({ type: 'engine.submit' as const, event })),
    recordRefusal: assign({
      refusals: ({ context, event }) =>
        event.type === 'charleston.rejected' ? [...context.refusals, { refusal: event.refusal, event: event.event }].slice(-20) : context.refusals,
    }),
  },
}).createMachine({
  id: 'game',
  context: ({ input }) => ({ seed: input.seed, charleston: null, refusals: [] }),
  initial: 'charleston',
  states: {
    charleston: {
      description: 'The Charleston, run by the engine as a child actor; it ends with every rack and the wall.',
      invoke: {
        id: 'charleston',
        src: 'charleston',
        input: ({ context }) => ({ seed: context.seed }),
        onDone: { target: 'play', actions: assign({ charleston: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
      on: {
        'pass.commit': forward,
        'pass.retract': forward,
        'vote.cast': forward,
        'courtesy.offer': forward,
        'courtesy.commit': forward,
        'hand.declareMahjong': forward,
        'wall.draw': forward,
        'misdeal.declare': forward,
        'hand.redeal': forward,
        'charleston.rejected': { actions: 'recordRefusal' },
      },
    },
    play: {
      description: "East's first discard starts the play (East holds 14 tiles).",
      on: { 'play.discard': { target: 'played', guard: ({ event }) => event.seat === 'east' } },
    },
    played: { type: 'final' },
    failed: { description: 'The deal could not be made (bad input).', type: 'final' },
  },
});

/** The Charleston child's snapshot, while the game is in its Charleston phase. */
export function charlestonSnapshotOf(game: ReturnType<typeof createActor<typeof gameMachine>>): CharlestonSnapshot | undefined {
  const child = game.getSnapshot().children['charleston'];
  return child?.getSnapshot() as CharlestonSnapshot | undefined;
}

/** Plays a seeded game with teacher bots through the game machine; returns the game actor. */
export function playGame(seed: number, options: { inspect?: InspectionObserver } = {}): ReturnType<typeof createActor<typeof gameMachine>> {
  const game = createActor(gameMachine, options.inspect ? { input: { seed }, inspect: options.inspect } : { input: { seed } }).start();
  // One refused event first, to show the refusal coming back to the game.
  game.send({ type: 'pass.commit', seat: 'east', tiles: ['J', 'J', 'J'] });
  const words = mulberry32(seed);
  const next = (): number => words() / 2 ** 32;
  for (let turn = 0; turn < 500 && game.getSnapshot().matches('charleston'); turn += 1) {
    const snapshot = charlestonSnapshotOf(game);
    if (snapshot === undefined) break;
    if (snapshot.value === 'misdeal') {
      game.send({ type: 'hand.redeal' });
      continue;
    }
    const move = (['east', 'south', 'west', 'north'] as const)
      .map((seat) => teacherStrategy.act(viewFor(snapshot, seat), legalActions(snapshot, seat), next))
      .find((event) => event !== null);
    if (!move) break;
    game.send(move);
  }
  return game;
}

// Run as a script: print what the next phase of the game receives.
if (import.meta.url === `file://${process.argv[1]}`) {
  const game = playGame(2026);
  const { charleston, refusals } = game.getSnapshot().context;
  console.log(`game state: ${JSON.stringify(game.getSnapshot().value)}`);
  console.log(`refused and reported to the game: ${refusals.map((r) => r.refusal.code).join(', ')}`);
  if (charleston !== null) {
    const { racks, wall, ...rest } = charleston;
    console.log(`Charleston output: ${JSON.stringify(rest)}`);
    for (const [seat, rack] of Object.entries(racks)) console.log(`  ${seat.padEnd(5)} ${rack.join(' ')}`);
    console.log(`  wall  ${wall.length} tiles, next: ${wall.slice(0, 8).join(' ')} …`);
  }
  game.send({ type: 'play.discard', seat: 'east', tile: charleston?.racks.east[0] ?? '' });
  console.log(`after East's first discard: ${JSON.stringify(game.getSnapshot().value)}`);
}
