/**
 * The framework's own cost: an XState machine of the engine's shape (the same states, events, guards and
 * actions, with `always` transitions in the same places, the same context keys and a context made from an
 * `input`) but no rule logic. Guards only count, actions only bump counters, the event is sent to the actor as
 * it is. Driving it with a scripted hand's events measures what XState itself costs per event for a machine of
 * this shape; the engine's overhead is the ratio to it.
 *
 * Why the context keys and the input are part of the shape: XState copies the whole context on every `assign`
 * (`Object.assign({}, context, update)`, a cost per key), and an actor made with options (`{ input }`) pays for
 * merging them with its defaults. A floor with five counters and no input leaves those framework costs out and
 * books them as the engine's. That smaller floor is kept as {@link slimFloorMachine}: the yardstick of the
 * figures measured before the floor took the machine's context keys and input.
 *
 * Written out by hand like the machine; `test/unit/floor-machine.test.ts` checks that its state tree, transitions,
 * guards and actions (names and params), its context keys and its use of an input are the machine's, so the two
 * cannot drift apart silently.
 */
import { and, assign, createActor, createMachine, setup } from 'xstate';

/** The floor's counters per pass or pair. */
interface PairCounts {
  eastWest: number;
  southNorth: number;
}

/**
 * The engine's context keys, each holding a counter or a placeholder: `table` counts the packets on the table in
 * this pass, `votes` the continue votes, `offers` and `received` each pair's offers and courtesy packets,
 * `exchanged` the pairs done. The others are set once from the input and never read.
 */
interface FloorContext {
  seed: unknown;
  hand: number;
  dealer: 'east';
  rules: object;
  racks: object;
  wall: number[];
  table: number;
  received: PairCounts;
  votes: number;
  offers: PairCounts;
  exchanged: number;
  misdeal: null;
  acceptedBy: string[];
}

/** What the floor takes as input: the hand's seed, as the engine's setup does. */
export interface FloorInput {
  seed?: unknown;
}

type FloorEvent =
  | { type: 'pass.commit'; seat: string; tiles: string[]; blind?: number }
  | { type: 'pass.retract'; seat: string }
  | { type: 'vote.cast'; seat: string; vote: 'stop' | 'continue' }
  | { type: 'courtesy.offer'; seat: string; count: number }
  | { type: 'courtesy.commit'; seat: string; tiles: string[] }
  | { type: 'hand.declareMahjong'; seat: string }
  | { type: 'declaration.accept'; seat: string }
  | { type: 'wall.draw'; seat: string }
  | { type: 'misdeal.declare'; seat: string; reason?: string }
  | { type: 'hand.redeal' }
  | { type: 'engine.refused' };

type Pair = 'eastWest' | 'southNorth';
const pairOfSeat = (seat: string): Pair => (seat === 'east' || seat === 'west' ? 'eastWest' : 'southNorth');
const seatOf = (event: FloorEvent): string => ('seat' in event ? event.seat : '');

/** The floor machine. */
export const floorMachine = setup({
  types: { context: {} as FloorContext, events: {} as FloorEvent, input: {} as FloorInput },
  guards: {
    hasWrongCount: () => false,
    isLegalCommit: (_, _params: { phase: string }) => true,
    hasCommitted: () => true,
    allSeatsCommitted: ({ context }) => context.table === 4,
    isWinningOpening: (_, _params: { phase: string }) => true,
    hasDeclarationReview: () => false,
    isLegalAcceptance: () => true,
    allOthersAccepted: () => false,
    isDispute: () => false,
    isShortNorth: () => true,
    isLegalVote: () => true,
    isStopVote: ({ event }) => event.type === 'vote.cast' && event.vote === 'stop',
    allSeatsContinued: ({ context }) => context.votes === 4,
    isLegalOffer: ({ event }, params: { pair: Pair; status: 'offering' }) => pairOfSeat(seatOf(event)) === params.pair,
    isPairAgreedOnNone: () => false,
    isPairAgreed: ({ context }, params: { pair: Pair }) => context.offers[params.pair] === 2,
    isLegalCourtesyCommit: ({ event }, params: { pair: Pair; status: 'exchanging' }) => pairOfSeat(seatOf(event)) === params.pair,
    hasCourtesyPacket: ({ event }, params: { pair: Pair; status: 'exchanging' }) => pairOfSeat(seatOf(event)) === params.pair,
    hasPairCommitted: ({ context }, params: { pair: Pair }) => context.received[params.pair] === 2,
    isCourtesyOver: ({ context }) => context.exchanged === 2,
    isLegalMisdeal: () => true,
  },
  actions: {
    recordCommit: assign(({ context }) => ({ table: context.table + 1 })),
    retractCommit: assign(({ context }) => ({ table: context.table - 1 })),
    resolvePass: assign((_, _params: { phase: string }) => ({ table: 0 })),
    recordVote: assign(({ context }) => ({ votes: context.votes + 1 })),
    recordOffer: assign(({ context, event }) => {
      const pair = pairOfSeat(seatOf(event));
      return { offers: { ...context.offers, [pair]: context.offers[pair] + 1 } };
    }),
    recordCourtesyCommit: assign(({ context, event }) => {
      const pair = pairOfSeat(seatOf(event));
      return { received: { ...context.received, [pair]: context.received[pair] + 1 } };
    }),
    exchangeCourtesy: assign(({ context }, _params: { pair: Pair }) => ({ exchanged: context.exchanged + 1 })),
    drawForNorth: () => {},
    recordMisdeal: () => {},
    recordDispute: () => {},
    recordAcceptance: () => {},
    recordWrongCount: () => {},
    redealHand: () => {},
    emitRefusal: () => {},
  },
}).createMachine({
  id: 'floor',
  context: ({ input }) => ({
    seed: input?.seed,
    hand: 1,
    dealer: 'east',
    rules: {},
    racks: {},
    wall: [],
    table: 0,
    received: { eastWest: 0, southNorth: 0 },
    votes: 0,
    offers: { eastWest: 0, southNorth: 0 },
    exchanged: 0,
    misdeal: null,
    acceptedBy: [],
  }),
  initial: 'deal',
  on: { 'engine.refused': { actions: 'emitRefusal' } },
  states: {
    deal: {
      always: [{ guard: 'hasWrongCount', target: 'misdeal', actions: 'recordWrongCount' }, { target: 'firstCharleston' }],
    },
    firstCharleston: {
      initial: 'right',
      on: {
        'pass.retract': { guard: 'hasCommitted', actions: 'retractCommit' },
        'wall.draw': { guard: 'isShortNorth', actions: 'drawForNorth' },
        'misdeal.declare': { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal' },
      },
      states: {
        right: {
          on: {
            'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'firstCharleston.right' } }, actions: 'recordCommit' },
            'hand.declareMahjong': [
              {
                guard: and([{ type: 'isWinningOpening', params: { phase: 'firstCharleston.right' as const } }, 'hasDeclarationReview']),
                target: '#floor.declarationReview',
              },
              { guard: { type: 'isWinningOpening', params: { phase: 'firstCharleston.right' } }, target: '#floor.eastMahjong' },
            ],
          },
          always: { guard: 'allSeatsCommitted', target: 'across', actions: { type: 'resolvePass', params: { phase: 'firstCharleston.right' } } },
        },
        across: {
          on: { 'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'firstCharleston.across' } }, actions: 'recordCommit' } },
          always: { guard: 'allSeatsCommitted', target: 'left', actions: { type: 'resolvePass', params: { phase: 'firstCharleston.across' } } },
        },
        left: {
          on: { 'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'firstCharleston.left' } }, actions: 'recordCommit' } },
          always: { guard: 'allSeatsCommitted', target: '#floor.stopCheckpoint', actions: { type: 'resolvePass', params: { phase: 'firstCharleston.left' } } },
        },
      },
    },
    stopCheckpoint: {
      on: {
        'vote.cast': [
          { guard: 'isStopVote', target: 'courtesy', actions: 'recordVote' },
          { guard: 'isLegalVote', actions: 'recordVote' },
        ],
        'wall.draw': { guard: 'isShortNorth', actions: 'drawForNorth' },
        'misdeal.declare': { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal' },
      },
      always: { guard: 'allSeatsContinued', target: 'secondCharleston' },
    },
    secondCharleston: {
      initial: 'left',
      on: {
        'pass.retract': { guard: 'hasCommitted', actions: 'retractCommit' },
        'wall.draw': { guard: 'isShortNorth', actions: 'drawForNorth' },
        'misdeal.declare': { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal' },
      },
      states: {
        left: {
          on: { 'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'secondCharleston.left' } }, actions: 'recordCommit' } },
          always: { guard: 'allSeatsCommitted', target: 'across', actions: { type: 'resolvePass', params: { phase: 'secondCharleston.left' } } },
        },
        across: {
          on: { 'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'secondCharleston.across' } }, actions: 'recordCommit' } },
          always: { guard: 'allSeatsCommitted', target: 'right', actions: { type: 'resolvePass', params: { phase: 'secondCharleston.across' } } },
        },
        right: {
          on: { 'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'secondCharleston.right' } }, actions: 'recordCommit' } },
          always: { guard: 'allSeatsCommitted', target: '#floor.courtesy', actions: { type: 'resolvePass', params: { phase: 'secondCharleston.right' } } },
        },
      },
    },
    courtesy: {
      type: 'parallel',
      on: {
        'wall.draw': { guard: 'isShortNorth', actions: 'drawForNorth' },
        'misdeal.declare': { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal' },
      },
      always: { guard: 'isCourtesyOver', target: 'complete' },
      states: {
        eastWest: {
          initial: 'offering',
          states: {
            offering: {
              on: { 'courtesy.offer': { guard: { type: 'isLegalOffer', params: { pair: 'eastWest', status: 'offering' } }, actions: 'recordOffer' } },
              always: [
                { guard: { type: 'isPairAgreedOnNone', params: { pair: 'eastWest' } }, target: 'done' },
                { guard: { type: 'isPairAgreed', params: { pair: 'eastWest' } }, target: 'exchanging' },
              ],
            },
            exchanging: {
              on: {
                'courtesy.commit': { guard: { type: 'isLegalCourtesyCommit', params: { pair: 'eastWest', status: 'exchanging' } }, actions: 'recordCourtesyCommit' },
                'pass.retract': { guard: { type: 'hasCourtesyPacket', params: { pair: 'eastWest', status: 'exchanging' } }, actions: 'retractCommit' },
              },
              always: {
                guard: { type: 'hasPairCommitted', params: { pair: 'eastWest' } },
                target: 'done',
                actions: { type: 'exchangeCourtesy', params: { pair: 'eastWest' } },
              },
            },
            done: { type: 'final' },
          },
        },
        southNorth: {
          initial: 'offering',
          states: {
            offering: {
              on: { 'courtesy.offer': { guard: { type: 'isLegalOffer', params: { pair: 'southNorth', status: 'offering' } }, actions: 'recordOffer' } },
              always: [
                { guard: { type: 'isPairAgreedOnNone', params: { pair: 'southNorth' } }, target: 'done' },
                { guard: { type: 'isPairAgreed', params: { pair: 'southNorth' } }, target: 'exchanging' },
              ],
            },
            exchanging: {
              on: {
                'courtesy.commit': { guard: { type: 'isLegalCourtesyCommit', params: { pair: 'southNorth', status: 'exchanging' } }, actions: 'recordCourtesyCommit' },
                'pass.retract': { guard: { type: 'hasCourtesyPacket', params: { pair: 'southNorth', status: 'exchanging' } }, actions: 'retractCommit' },
              },
              always: {
                guard: { type: 'hasPairCommitted', params: { pair: 'southNorth' } },
                target: 'done',
                actions: { type: 'exchangeCourtesy', params: { pair: 'southNorth' } },
              },
            },
            done: { type: 'final' },
          },
        },
      },
    },
    declarationReview: {
      on: {
        'declaration.accept': { guard: 'isLegalAcceptance', actions: 'recordAcceptance' },
        'misdeal.declare': [
          { guard: 'isDispute', target: 'misdeal', actions: 'recordDispute' },
          { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal' },
        ],
      },
      always: { guard: 'allOthersAccepted', target: 'eastMahjong' },
    },
    complete: { type: 'final' },
    eastMahjong: { type: 'final' },
    misdeal: { on: { 'hand.redeal': { target: 'deal', actions: 'redealHand' } } },
  },
});

/** Starts a floor table; like the engine's table, it is made from an input (`{ seed }` of the hand). */
export function createFloorActor(input: FloorInput = {}): ReturnType<typeof createActor<typeof floorMachine>> {
  return createActor(floorMachine, { input }).start();
}

/** The counters alone: the floor's context before it took the machine's keys (see the module comment). */
type SlimContext = Pick<FloorContext, 'table' | 'received' | 'votes' | 'offers' | 'exchanged'>;

/**
 * The floor with only its five counters and no input: the same states, guards and actions (they read only the
 * counters). The benchmark reports the engine's ratio to it too, comparable with the figures of earlier sessions.
 */
export const slimFloorMachine = createMachine(
  {
    ...floorMachine.config,
    context: { table: 0, received: { eastWest: 0, southNorth: 0 }, votes: 0, offers: { eastWest: 0, southNorth: 0 }, exchanged: 0 } satisfies SlimContext,
  } as typeof floorMachine.config,
  floorMachine.implementations,
);

/** Starts a slim floor table (no input). */
export function createSlimFloorActor(): ReturnType<typeof createActor<typeof slimFloorMachine>> {
  return createActor(slimFloorMachine).start();
}
