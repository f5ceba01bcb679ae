/**
 * The single source of truth for legality: given the phase, the context and any value, either the typed
 * event that the machine will accept, or the refusal in contract order (§7). The machine's guards, the
 * service's `send()` and legal-action enumeration all go through these checks.
 */
import { PASS_RULES, type CharlestonContext, type CharlestonEvent, type Phase, type RefusalData, type RuleResult, type WinningHandValidator } from '../types.js';
import { checkCourtesyCommit, checkOffer, type PairStatus } from './courtesy.js';
import { parseEvent } from './event-shape.js';
import { checkPassCommit } from './pass.js';
import { checkAccept, checkDeclare, checkDraw, checkInReview, checkMisdeal, checkRedeal, checkRetract, checkVote } from './table-events.js';

/** Options that are functions, so they live beside the context rather than in it. */
export interface DecideOptions {
  isWinningHand?: WinningHandValidator;
}

/**
 * The refusal for an already well-shaped event in `phase`, or null when it is accepted. `pairState` is where the
 * event's courtesy pair stands when the caller holds it (a courtesy guard: the pair state it sits in); by default it
 * is read from the context.
 */
export function refusalFor(
  phase: Phase,
  context: CharlestonContext,
  event: CharlestonEvent,
  options: DecideOptions = {},
  pairState?: PairStatus,
): RefusalData | null {
  if (phase === 'declarationReview') {
    const inReview = checkInReview(event);
    if (inReview !== undefined) return inReview;
  }
  switch (event.type) {
    case 'pass.commit':
      return checkPassCommit(context, event, PASS_RULES[phase] ?? null, phase);
    case 'pass.retract':
      return checkRetract(context, event.seat, phase, pairState);
    case 'vote.cast':
      return checkVote(context, event.seat, phase);
    case 'courtesy.offer':
      return checkOffer(context, event, phase === 'courtesy', phase, pairState);
    case 'courtesy.commit':
      return checkCourtesyCommit(context, event, phase === 'courtesy', phase, pairState);
    case 'hand.declareMahjong':
      return checkDeclare(context, event.seat, phase, options.isWinningHand);
    case 'declaration.accept':
      return checkAccept(context, event.seat, phase);
    case 'wall.draw':
      return checkDraw(context, event.seat, phase);
    case 'misdeal.declare':
      return checkMisdeal(phase);
    case 'hand.redeal':
      return checkRedeal(phase);
  }
}

/** Decides any value: shape first, then the rules of `phase`. */
export function decide(
  phase: Phase,
  context: CharlestonContext,
  raw: unknown,
  options: DecideOptions = {},
): RuleResult<CharlestonEvent> {
  const parsed = parseEvent(raw);
  if (!parsed.ok) return parsed;
  const refusal = refusalFor(phase, context, parsed.value, options);
  return refusal === null ? parsed : { ok: false, refusal };
}
