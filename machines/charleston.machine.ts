/**
 * The Charleston statechart: the rule book of the Charleston (rules R1–R12, docs/rules.md) as nested states.
 * Guards are questions and actions are verbs; each is a one-line adapter over a pure function in `src/rules/`.
 * The six pass states are written out literally so that the visual editor and the inspector can read them.
 */
import { and, assign, emit, enqueueActions, setup } from 'xstate';
import { pairOf, type Pair, type Seat } from '../src/seats.js';
import { passRuleOf, type CharlestonContext, type CharlestonEvent, type ChildRejectedEvent, type MachineEvent, type PassPhase, type Phase, type Refusal, type RefusalData } from '../src/types.js';
import { hasWrongCount } from '../src/rules/counts.js';
import { agreedCount, exchangeCourtesy, hasPairCommitted, isCourtesyOver, type PairStatus } from '../src/rules/courtesy.js';
import { decide, refusalFor, type DecideOptions } from '../src/rules/decide.js';
import { phaseOf, type StateValue } from '../src/phase.js';
import { parseEvent } from '../src/rules/event-shape.js';
import { checkNorthDraw, checkPassRetract } from '../src/rules/table-events.js';
import { allOthersAccepted, allSeatsContinued, createInitialContext, drawForNorth, declaredMisdeal, hasDeclarationReview, isDisputeBy, recordAcceptance, recordOffer, recordVote, redeal, wrongCountMisdeal } from '../src/rules/hand.js';
// The catalogs first, as before the machine stopped wording refusals: the core bundle's module order, and so its
// gzip size, stays as measured (this import adds no code: every entry of the core loads the catalogs anyway).
import '../src/i18n/translate.js';
import { resolveSetup, type CharlestonSetup, type ResolvedSetup } from '../src/input.js';
import { charlestonOutput, type CharlestonOutput } from '../src/output.js';
import { allCommitted, commitPacket, resolvePass, retractPacket } from '../src/rules/pass.js';

/**
 * What the actor emits: `actor.on('rejected', …)`. A refusal of an `engine.submit` is data only (`code`, `params`):
 * the machine words nothing, a host renders it in its reader's language (`refusalMessage`); a refusal the table's
 * `send()` made carries its `message` too, in the table's locale.
 */
export interface RejectedEmitted {
  type: 'rejected';
  refusal: Refusal | RefusalData;
  refusedType?: string;
  seat?: Seat;
}

/**
 * The mark of an event that `decide()` already accepted: the table sets it to the very context the event was
 * decided against, and the guards do not check such an event a second time (the answer is the same pure
 * function of the same data). Any other event, or a marked one once the context has changed, is checked in
 * full. The mark lives on the event object (a symbol key: invisible to JSON and to inspectors), not in the module.
 */
export const DECIDED: unique symbol = Symbol('charleston.decidedAgainst');

/** An event as the table sends it: possibly marked with the context it was decided against. */
type MaybeDecided = MachineEvent & { [DECIDED]?: CharlestonContext };

/**
 * The event as `send()` would accept it in `phase`, or null when it would be refused. Each guard passes the phase
 * of the very state it sits in (a guard param where one guard serves several states).
 */
function acceptedEvent(phase: Phase, context: CharlestonContext, event: MachineEvent, options: DecideOptions = {}): CharlestonEvent | null {
  if ((event as MaybeDecided)[DECIDED] === context) return event as CharlestonEvent;
  const parsed = parseEvent(event);
  return parsed.ok && refusalFor(phase, context, parsed.value, options) === null ? parsed.value : null;
}

/** True when `event` is of `type` and, checked exactly as `send()` checks it, is accepted in `phase`. */
function isAcceptedAs(type: CharlestonEvent['type'], phase: Phase, context: CharlestonContext, event: MachineEvent, options: DecideOptions = {}): boolean {
  return event.type === type && acceptedEvent(phase, context, event, options) !== null;
}

/**
 * The well-formed event of `type`, for the guards on a parent state whose rule is the same in each of its
 * children (a retract in any pass, a draw or a misdeal in any state of play): they ask their own rule function.
 * A mark is honoured only against the very context it was decided on, as in {@link acceptedEvent}.
 */
function parsedAs<T extends CharlestonEvent['type']>(type: T, context: CharlestonContext, event: MachineEvent): Extract<CharlestonEvent, { type: T }> | null {
  if (event.type !== type) return null;
  if ((event as MaybeDecided)[DECIDED] === context) return event as Extract<CharlestonEvent, { type: T }>;
  const parsed = parseEvent(event);
  return parsed.ok && parsed.value.type === type ? (parsed.value as Extract<CharlestonEvent, { type: T }>) : null;
}

/**
 * True when `event` is a courtesy event of `type` from a seat of `pair` that the pair's rule accepts in the pair
 * state the guard sits in (`status`, which the chart holds: it is not worked out again from the context).
 */
function isPairEvent(type: 'courtesy.offer' | 'courtesy.commit' | 'pass.retract', context: CharlestonContext, event: MachineEvent, pair: Pair, status: PairStatus): boolean {
  const typed = parsedAs(type, context, event);
  return typed !== null && pairOf(typed.seat) === pair && ((event as MaybeDecided)[DECIDED] === context || refusalFor('courtesy', context, typed, {}, status) === null);
}

/** The typed event, for actions that run only after their guard accepted it. */
function accepted<T extends CharlestonEvent['type']>(event: MachineEvent, type: T): Extract<CharlestonEvent, { type: T }> {
  if (event.type !== type) throw new Error(`expected ${type}, got ${event.type}`);
  return event as Extract<CharlestonEvent, { type: T }>;
}

/**
 * The action for `engine.submit` with the validator `options` (see {@link SubmittedEvent}): an accepted event is
 * raised (marked as decided, so the guards do not check it again), a refused one is emitted as `rejected` and
 * sent to the parent as `charleston.rejected`.
 */
function submitEventAction(options: DecideOptions) {
  return enqueueActions<CharlestonContext, MachineEvent, undefined, MachineEvent, never, never, never, never, RejectedEmitted>(
    ({ context, event, self, enqueue }) => {
      if (event.type !== 'engine.submit') return;
      const decision = decide(phaseOf(self.getSnapshot().value as StateValue), context, event.event, options);
      if (decision.ok) {
        enqueue.raise(Object.assign(decision.value, { [DECIDED]: context }));
        return;
      }
      const refusal = decision.refusal; // data only: the machine words nothing (no English default)
      enqueue.emit({ type: 'rejected', refusal });
      if ((self as { _parent?: unknown })._parent !== undefined) {
        const rejected: ChildRejectedEvent = { type: 'charleston.rejected', refusal, event: event.event };
        enqueue.sendParent(rejected);
      }
    },
  );
}

/**
 * The table's starting data from the machine's input. The table passes its already checked setup (marked by
 * {@link RESOLVED}); any other input is a setup like `createCharleston`'s options, checked here: a problem
 * throws an `InputError`, which a parent machine receives as the child's error (`onError`).
 */
function setupFromInput(input: CharlestonSetup | undefined): ResolvedSetup {
  const resolved = (input as { [RESOLVED]?: ResolvedSetup } | undefined)?.[RESOLVED];
  return resolved ?? resolveSetup(input, undefined, 'input');
}

/** The key under which `createCharleston` hands the machine its already checked setup. */
export const RESOLVED: unique symbol = Symbol('charleston.resolvedSetup');

/** The machine before a winning-hand validator is provided (see {@link createCharlestonMachine}). */
export const charlestonMachine = setup({
  types: {
    context: {} as CharlestonContext,
    events: {} as MachineEvent,
    input: {} as CharlestonSetup | undefined,
    output: {} as CharlestonOutput,
    emitted: {} as RejectedEmitted,
  },
  guards: {
    // R11, R12: a wrong count at the deal is a misdeal at once.
    hasWrongCount: ({ context }) => hasWrongCount(context),
    // R1–R4, R6: a legal packet of three for this pass (blind only where the pass table allows it).
    isLegalCommit: ({ context, event }, params: { phase: PassPhase }) => isAcceptedAs('pass.commit', params.phase, context, event),
    // R5: the seat has an unresolved packet to take back (the same rule in each pass state).
    hasCommitted: ({ context, event }) => {
      const retract = parsedAs('pass.retract', context, event);
      return retract !== null && checkPassRetract(context, retract.seat) === null;
    },
    // R4: the pass resolves when all four have committed.
    allSeatsCommitted: ({ context }) => allCommitted(context.table),
    // R10: East declares before any packet is on the table, and the rack is a winning hand.
    isWinningOpening: ({ context, event }, params: { phase: 'firstCharleston.right' }) => isAcceptedAs('hand.declareMahjong', params.phase, context, event),
    // R10: the table reviews a declaration before it ends the hand (rule option `declarationReview`).
    hasDeclarationReview: ({ context }) => hasDeclarationReview(context),
    // R10: South, West or North accepts East's declared hand, once each.
    isLegalAcceptance: ({ context, event }) => isAcceptedAs('declaration.accept', 'declarationReview', context, event),
    // R10: South, West and North have all accepted East's hand.
    allOthersAccepted: ({ context }) => allOthersAccepted(context),
    // R10, R12: a misdeal declared by South, West or North while East's hand is reviewed disputes it.
    isDispute: ({ context, event }) => {
      const declared = parsedAs('misdeal.declare', context, event);
      return declared !== null && isDisputeBy('declarationReview', declared.seat);
    },
    // R11: North holds 12 and draws (the same rule in every state of play).
    isShortNorth: ({ context, event }) => {
      const draw = parsedAs('wall.draw', context, event);
      return draw !== null && checkNorthDraw(context, draw.seat) === null;
    },
    // R7: the seat has not voted yet.
    isLegalVote: ({ context, event }) => isAcceptedAs('vote.cast', 'stopCheckpoint', context, event),
    // R7: the first stop ends the vote.
    isStopVote: ({ context, event }) => {
      const vote = acceptedEvent('stopCheckpoint', context, event);
      return vote?.type === 'vote.cast' && vote.vote === 'stop';
    },
    // R7: all four said continue.
    allSeatsContinued: ({ context }) => allSeatsContinued(context),
    // R9: a first offer 0–3 from a seat of this pair.
    isLegalOffer: ({ context, event }, params: { pair: Pair; status: 'offering' }) => isPairEvent('courtesy.offer', context, event, params.pair, params.status),
    // R9: both seats of the pair offered and the lower offer is 0.
    isPairAgreedOnNone: ({ context }, params: { pair: Pair }) => agreedCount(context, params.pair) === 0,
    // R9: both seats of the pair offered and the lower offer is above 0.
    isPairAgreed: ({ context }, params: { pair: Pair }) => (agreedCount(context, params.pair) ?? 0) > 0,
    // R9: exactly the agreed count, natural tiles from the seat's own rack.
    isLegalCourtesyCommit: ({ context, event }, params: { pair: Pair; status: 'exchanging' }) => isPairEvent('courtesy.commit', context, event, params.pair, params.status),
    // R5: the seat of this pair takes back its courtesy packet before the exchange.
    hasCourtesyPacket: ({ context, event }, params: { pair: Pair; status: 'exchanging' }) => isPairEvent('pass.retract', context, event, params.pair, params.status),
    // R9: both seats of the pair committed.
    hasPairCommitted: ({ context }, params: { pair: Pair }) => hasPairCommitted(context, params.pair),
    // R9, R11: both pairs done and North not short.
    isCourtesyOver: ({ context }) => isCourtesyOver(context),
    // R12: a well-formed misdeal declaration (every state of play accepts one).
    isLegalMisdeal: ({ context, event }) => parsedAs('misdeal.declare', context, event) !== null,
  },
  actions: {
    recordCommit: assign(({ context, event }) => {
      const commit = accepted(event, 'pass.commit');
      return commitPacket(context, commit.seat, commit.tiles, commit.blind ?? 0);
    }),
    retractCommit: assign(({ context, event }) => retractPacket(context, accepted(event, 'pass.retract').seat)),
    resolvePass: assign(({ context }, params: { phase: PassPhase }) => resolvePass(context, passRuleOf(params.phase).direction)),
    recordVote: assign(({ context, event }) => {
      const vote = accepted(event, 'vote.cast');
      return recordVote(context, vote.seat, vote.vote);
    }),
    recordOffer: assign(({ context, event }) => {
      const offer = accepted(event, 'courtesy.offer');
      return recordOffer(context, offer.seat, offer.count);
    }),
    recordCourtesyCommit: assign(({ context, event }) => {
      const commit = accepted(event, 'courtesy.commit');
      return commitPacket(context, commit.seat, commit.tiles, 0);
    }),
    exchangeCourtesy: assign(({ context }, params: { pair: Pair }) => exchangeCourtesy(context, params.pair)),
    drawForNorth: assign(({ context }) => drawForNorth(context)),
    recordMisdeal: assign(({ context, event }) => {
      const declared = accepted(event, 'misdeal.declare');
      // In the review (R10) East takes its declaration back: the acceptances go with it.
      return context.acceptedBy.length === 0
        ? { misdeal: declaredMisdeal(declared.seat, declared.reason) }
        : { misdeal: declaredMisdeal(declared.seat, declared.reason), acceptedBy: [] };
    }),
    recordDispute: assign(({ event }) => {
      const declared = accepted(event, 'misdeal.declare');
      return { misdeal: declaredMisdeal(declared.seat, declared.reason, 'declarationReview'), acceptedBy: [] };
    }),
    recordAcceptance: assign(({ context, event }) => recordAcceptance(context, accepted(event, 'declaration.accept').seat)),
    recordWrongCount: assign(({ context }) => ({ misdeal: wrongCountMisdeal(context) })),
    redealHand: assign(({ context }) => redeal(context)),
    // For a parent machine: decide the submitted event; apply it, or emit the refusal and tell the parent.
    submitEvent: submitEventAction({}),
    emitRefusal: emit(({ event }) => {
      if (event.type !== 'engine.refused') throw new Error(`emitRefusal on ${event.type}`);
      const emitted: RejectedEmitted = { type: 'rejected', refusal: event.refusal };
      if (event.refusedType !== undefined) emitted.refusedType = event.refusedType;
      if (event.seat !== undefined) emitted.seat = event.seat;
      return emitted;
    }),
  },
}).createMachine({
  id: 'charleston',
  description: 'The Charleston of American mahjong: the face-down exchange before East’s first discard.',
  context: ({ input }) => createInitialContext(setupFromInput(input)),
  output: ({ context, event }) => charlestonOutput(context, event.type === 'xstate.done.state.charleston.eastMahjong' ? 'eastMahjong' : 'complete'),
  initial: 'deal',
  on: {
    'engine.refused': { actions: 'emitRefusal', description: 'A refused event changes nothing; the refusal is emitted.' },
    'engine.submit': {
      actions: 'submitEvent',
      description: 'From a parent machine: decided as send() decides; applied, or refused (rejected emitted, charleston.rejected sent to the parent).',
    },
  },
  states: {
    deal: {
      description: 'R11, R12: counts are checked at the deal (13 each, East 14, North may hold 12); a wrong count is a misdeal at once.',
      always: [
        { guard: 'hasWrongCount', target: 'misdeal', actions: 'recordWrongCount' },
        { target: 'firstCharleston' },
      ],
    },
    firstCharleston: {
      description: 'R1–R6: the required first Charleston, right → across → left, three tiles per pass, no jokers.',
      initial: 'right',
      on: {
        'pass.retract': { guard: 'hasCommitted', actions: 'retractCommit', description: 'R5: take back an unresolved packet.' },
        'wall.draw': { guard: 'isShortNorth', actions: 'drawForNorth', description: 'R11: a short North draws.' },
        'misdeal.declare': { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal', description: 'R12' },
      },
      states: {
        right: {
          description: 'R1–R4, R10: pass three to the right; East may declare a winning opening hand before any packet is on the table.',
          on: {
            'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'firstCharleston.right' } }, actions: 'recordCommit' },
            'hand.declareMahjong': [
              {
                guard: and([{ type: 'isWinningOpening', params: { phase: 'firstCharleston.right' as const } }, 'hasDeclarationReview']),
                target: '#charleston.declarationReview',
                description: 'R10: with rules.declarationReview, East’s hand is shown to the table for review.',
              },
              { guard: { type: 'isWinningOpening', params: { phase: 'firstCharleston.right' } }, target: '#charleston.eastMahjong', description: 'R10' },
            ],
          },
          always: { guard: 'allSeatsCommitted', target: 'across', actions: { type: 'resolvePass', params: { phase: 'firstCharleston.right' } } },
        },
        across: {
          description: 'R1–R4: pass three across.',
          on: {
            'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'firstCharleston.across' } }, actions: 'recordCommit' },
          },
          always: { guard: 'allSeatsCommitted', target: 'left', actions: { type: 'resolvePass', params: { phase: 'firstCharleston.across' } } },
        },
        left: {
          description: 'R1–R4, R6: pass three to the left; blind passing is allowed (IOU resolution).',
          on: {
            'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'firstCharleston.left' } }, actions: 'recordCommit' },
          },
          always: {
            guard: 'allSeatsCommitted',
            target: '#charleston.stopCheckpoint',
            actions: { type: 'resolvePass', params: { phase: 'firstCharleston.left' } },
          },
        },
      },
    },
    stopCheckpoint: {
      description: 'R7: "Does anyone want to stop?" No pass here; one vote each; the first stop skips to the courtesy pass; four continues start the second Charleston.',
      on: {
        'vote.cast': [
          { guard: 'isStopVote', target: 'courtesy', actions: 'recordVote' },
          { guard: 'isLegalVote', actions: 'recordVote' },
        ],
        'wall.draw': { guard: 'isShortNorth', actions: 'drawForNorth', description: 'R11: a short North draws.' },
        'misdeal.declare': { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal', description: 'R12' },
      },
      always: { guard: 'allSeatsContinued', target: 'secondCharleston' },
    },
    secondCharleston: {
      description: 'R8: the optional second Charleston, left → across → right; once begun it must be finished.',
      initial: 'left',
      on: {
        'pass.retract': { guard: 'hasCommitted', actions: 'retractCommit', description: 'R5: take back an unresolved packet.' },
        'wall.draw': { guard: 'isShortNorth', actions: 'drawForNorth', description: 'R11: a short North draws.' },
        'misdeal.declare': { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal', description: 'R12' },
      },
      states: {
        left: {
          description: 'R1–R4, R8: pass three to the left.',
          on: {
            'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'secondCharleston.left' } }, actions: 'recordCommit' },
          },
          always: { guard: 'allSeatsCommitted', target: 'across', actions: { type: 'resolvePass', params: { phase: 'secondCharleston.left' } } },
        },
        across: {
          description: 'R1–R4, R8: pass three across.',
          on: {
            'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'secondCharleston.across' } }, actions: 'recordCommit' },
          },
          always: { guard: 'allSeatsCommitted', target: 'right', actions: { type: 'resolvePass', params: { phase: 'secondCharleston.across' } } },
        },
        right: {
          description: 'R1–R4, R6, R8: pass three to the right; blind passing is allowed (IOU resolution).',
          on: {
            'pass.commit': { guard: { type: 'isLegalCommit', params: { phase: 'secondCharleston.right' } }, actions: 'recordCommit' },
          },
          always: {
            guard: 'allSeatsCommitted',
            target: '#charleston.courtesy',
            actions: { type: 'resolvePass', params: { phase: 'secondCharleston.right' } },
          },
        },
      },
    },
    courtesy: {
      description: 'R9, R11: two independent pairs offer 0–3 and exchange the lower count; complete when both are done and North is not short.',
      type: 'parallel',
      on: {
        'wall.draw': { guard: 'isShortNorth', actions: 'drawForNorth', description: 'R11: a short North draws.' },
        'misdeal.declare': { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal', description: 'R12' },
      },
      always: { guard: 'isCourtesyOver', target: 'complete' },
      states: {
        eastWest: {
          description: 'R9: East and West agree on the lower offer and exchange that many.',
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
          description: 'R9: South and North agree on the lower offer and exchange that many.',
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
      description:
        'R10, R12: East’s declared hand lies face up for every seat and the spectator. South, West and North each accept it, once; three acceptances end the hand in eastMahjong. A misdeal.declare from one of them disputes it: an error that cannot be remedied to all players’ satisfaction is a misdeal (East remains dealer). Nothing else moves here.',
      on: {
        'declaration.accept': { guard: 'isLegalAcceptance', actions: 'recordAcceptance', description: 'R10: South, West or North accepts East’s hand, once each.' },
        'misdeal.declare': [
          { guard: 'isDispute', target: 'misdeal', actions: 'recordDispute', description: 'R10, R12: South, West or North disputes East’s hand: a misdeal (declarationDisputed).' },
          { guard: 'isLegalMisdeal', target: 'misdeal', actions: 'recordMisdeal', description: 'R12: East takes its declaration back: a declared misdeal.' },
        ],
      },
      always: { guard: 'allOthersAccepted', target: 'eastMahjong' },
    },
    complete: {
      description: 'R9, R11: every seat holds 13, East 14, ready for East’s first discard.',
      type: 'final',
    },
    eastMahjong: {
      description: 'R10: East declared a winning opening hand before the first pass (accepted by South, West and North where the table reviews declarations).',
      type: 'final',
    },
    misdeal: {
      description: 'R12: the hand is dead; East remains dealer; hand.redeal reshuffles and deals again.',
      on: {
        'hand.redeal': { target: 'deal', actions: 'redealHand', description: 'R12: reshuffle with the next seed.' },
      },
    },
  },
});

/** The machine with the options that are functions (R10's validator) provided. */
export function createCharlestonMachine(options: DecideOptions = {}): typeof charlestonMachine {
  if (!options.isWinningHand) return charlestonMachine;
  return charlestonMachine.provide({
    guards: {
      isWinningOpening: ({ context, event }, params: { phase: 'firstCharleston.right' }) =>
        isAcceptedAs('hand.declareMahjong', params.phase, context, event, options),
    },
    actions: {
      submitEvent: submitEventAction(options),
    },
  });
}
