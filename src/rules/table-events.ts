/**
 * Checks for the events that are not packets: retract (R5), vote (R7), East's declaration (R10),
 * North's draw (R11), misdeal and redeal (R12). Each returns a refusal in contract order, or null.
 */
import { countCodes, facesOf, type Tile } from '../tiles.js';
import { pairOf, type Seat } from '../seats.js';
import { isPassPhase, type CharlestonContext, type CharlestonEvent, type Phase, type RefusalData, type RuleOptions, type WinningHandValidator } from '../types.js';
import { isNorthShort } from './counts.js';
import { pairStatus, type PairStatus } from './courtesy.js';
import { echo, refuse, shown } from './refuse.js';

/** States in which the hand is over: every event is NOT_NOW there. */
export const ENDED_PHASES: readonly Phase[] = ['complete', 'eastMahjong', 'misdeal'];

/** True from `firstCharleston.right` through `courtesy` (R11: when North may draw). */
export function isInPlay(phase: Phase): boolean {
  return !ENDED_PHASES.includes(phase);
}

/** R5: a seat takes back its unresolved pass or courtesy packet. */
export function checkRetract(context: CharlestonContext, seat: Seat, phase: Phase, status?: PairStatus): RefusalData | null {
  const inPass = isPassPhase(phase);
  if (!inPass && phase !== 'courtesy') return refuse('NOT_NOW', { phase, why: 'noPassUnderWay' });
  if (phase === 'courtesy' && (status ?? pairStatus(context, pairOf(seat))) === 'done') {
    return refuse('NOT_NOW', { phase, why: 'pairCourtesyOver' });
  }
  return checkPassRetract(context, seat);
}

/** R5 in a pass state (any of the six: the rule is the same in each): the seat has an unresolved packet. */
export function checkPassRetract(context: CharlestonContext, seat: Seat): RefusalData | null {
  return context.table[seat] === null ? refuse('NOTHING_TO_RETRACT') : null;
}

/** R7: one vote per seat, only at the stop checkpoint. */
export function checkVote(context: CharlestonContext, seat: Seat, phase: Phase): RefusalData | null {
  if (phase !== 'stopCheckpoint') {
    const why = phase.startsWith('secondCharleston')
      ? 'secondCharlestonBegun'
      : 'voteAtCheckpointOnly';
    return refuse('NOT_NOW', { phase, why });
  }
  return context.votes[seat] === null ? null : refuse('ALREADY_VOTED');
}

/**
 * True when East's rack is a winning hand (R10). A validator function, when given, decides alone; otherwise the
 * `winningHands` option, when set, lists the accepted 14-tile multisets; with neither, any declaration is accepted.
 */
export function isWinningRack(rack: readonly Tile[], rules: RuleOptions): boolean {
  if (!rules.winningHands) return true;
  const counts = countCodes(rack);
  return rules.winningHands.some((hand) => {
    const wanted = countCodes(hand);
    return hand.length === rack.length && [...wanted].every(([code, n]) => counts.get(code) === n);
  });
}

/** R10: East declares a winning opening hand before any packet is on the table. */
export function checkDeclare(
  context: CharlestonContext,
  seat: Seat,
  phase: Phase,
  validator?: WinningHandValidator,
): RefusalData | null {
  if (seat !== 'east') return refuse('ONLY_EAST');
  if (!isInPlay(phase)) return refuse('NOT_NOW', { phase, why: 'handEnded' });
  const anyCommit = Object.values(context.table).some((packet) => packet !== null);
  if (phase !== 'firstCharleston.right' || anyCommit) return refuse('DECLARE_TOO_LATE');
  if (validator) return askValidator(validator, facesOf(context.racks.east));
  return isWinningRack(facesOf(context.racks.east), context.rules) ? null : refuse('NOT_A_WINNING_HAND');
}

/**
 * R10 with a host's validator: only `true` accepts the declaration. A validator that throws, or answers anything
 * but a boolean, is contained: the declaration is refused (`NOT_A_WINNING_HAND`, saying that the check failed)
 * and the table goes on as if East had not declared.
 */
export function askValidator(validator: WinningHandValidator, rack: readonly Tile[]): RefusalData | null {
  let answer: unknown;
  try {
    answer = validator(Object.freeze([...rack]));
  } catch (error) {
    return refuse('NOT_A_WINNING_HAND', { variant: 'validatorFailed', problem: 'threw', got: describeError(error) });
  }
  if (answer === true) return null;
  if (answer === false) return refuse('NOT_A_WINNING_HAND');
  return refuse('NOT_A_WINNING_HAND', { variant: 'validatorFailed', problem: 'notBoolean', got: shown(answer) });
}

/** A thrown value in a few words, for a refusal's params (never its stack): `Name: message`, cut by `echo`. */
function describeError(error: unknown): string {
  if (error instanceof Error) return echo(`${error.name}: ${error.message}`);
  try {
    return shown(error);
  } catch {
    return '?';
  }
}

/**
 * R10 with `rules.declarationReview`: South, West or North accepts East's declaration while it is reviewed, once
 * each. Order: `EAST_CANNOT_ACCEPT` (who), `NOT_NOW` (state), `ALREADY_ACCEPTED` (once only).
 */
export function checkAccept(context: CharlestonContext, seat: Seat, phase: Phase): RefusalData | null {
  if (seat === 'east') return refuse('EAST_CANNOT_ACCEPT');
  if (phase !== 'declarationReview') return refuse('NOT_NOW', { phase, why: isInPlay(phase) ? 'noDeclarationToReview' : 'handEnded' });
  return context.acceptedBy.includes(seat) ? refuse('ALREADY_ACCEPTED') : null;
}

/**
 * R10, R12 in `declarationReview`: the refusal for the events the review does not take (`undefined` for the three
 * it decides by their own rules: `declaration.accept`, `misdeal.declare`, `hand.redeal`). East's fourteen tiles lie
 * face up: nothing moves until the three others have accepted or one has disputed. Another seat's declaration is
 * still `ONLY_EAST` (who comes before state); everything else is `NOT_NOW` (`declarationUnderReview`).
 */
export function checkInReview(event: CharlestonEvent): RefusalData | null | undefined {
  switch (event.type) {
    case 'declaration.accept':
    case 'misdeal.declare':
    case 'hand.redeal':
      return undefined;
    case 'hand.declareMahjong':
      if (event.seat !== 'east') return refuse('ONLY_EAST');
      return refuse('NOT_NOW', { phase: 'declarationReview', why: 'declarationUnderReview' });
    default:
      return refuse('NOT_NOW', { phase: 'declarationReview', why: 'declarationUnderReview' });
  }
}

/** R11: a short North draws its 13th tile from the wall. */
export function checkDraw(context: CharlestonContext, seat: Seat, phase: Phase): RefusalData | null {
  if (!isInPlay(phase)) return refuse('NOT_NOW', { phase, why: 'handEnded' });
  return checkNorthDraw(context, seat);
}

/** R11 in any state of play (the rule is the same in each): only a short North draws. */
export function checkNorthDraw(context: CharlestonContext, seat: Seat): RefusalData | null {
  // All 152 tiles are always on the table, so a short North's wall always has tiles left.
  return seat === 'north' && isNorthShort(context) ? null : refuse('NOT_SHORT');
}

/** R12: any seat may declare a misdeal while the hand is in play. */
export function checkMisdeal(phase: Phase): RefusalData | null {
  return isInPlay(phase) ? null : refuse('NOT_NOW', { phase, why: 'handEnded' });
}

/** R12: a redeal follows a misdeal. */
export function checkRedeal(phase: Phase): RefusalData | null {
  return phase === 'misdeal' ? null : refuse('NOT_NOW', { phase, why: 'redealAfterMisdealOnly' });
}
