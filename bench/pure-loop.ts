/**
 * The floor: the same rules as the engine, driven as a plain loop over the pure functions of `src/rules/`
 * (the same `decide()` and the same context updates), with the phase kept in a variable instead of a statechart.
 * What the engine costs above this is the price of XState and of the service around it.
 */
import { resolveInput } from '../src/engine.js';
import { hasWrongCount } from '../src/rules/counts.js';
import { exchangeCourtesy, hasPairCommitted, isCourtesyOver, agreedCount } from '../src/rules/courtesy.js';
import { decide } from '../src/rules/decide.js';
import { createInitialContext, declaredMisdeal, drawForNorth, recordOffer, recordVote, redeal } from '../src/rules/hand.js';
import { allCommitted, commitPacket, resolvePass, retractPacket } from '../src/rules/pass.js';
import { PAIRS, SEATS } from '../src/seats.js';
import { PASS_RULES, type CharlestonContext, type Phase, type RefusalData } from '../src/types.js';

/** The next pass state after each pass resolves. */
const NEXT: Partial<Record<Phase, Phase>> = {
  'firstCharleston.right': 'firstCharleston.across',
  'firstCharleston.across': 'firstCharleston.left',
  'firstCharleston.left': 'stopCheckpoint',
  'secondCharleston.left': 'secondCharleston.across',
  'secondCharleston.across': 'secondCharleston.right',
  'secondCharleston.right': 'courtesy',
};

/** A table as plain data: the phase and the context. */
export interface PureTable {
  phase: Phase;
  context: CharlestonContext;
}

/** Deals a table from a seed (a wrong count is a misdeal at once). */
export function createPureTable(seed: number): PureTable {
  const context = createInitialContext(resolveInput({ seed }));
  return { phase: hasWrongCount(context) ? 'misdeal' : 'firstCharleston.right', context };
}

/** Applies one event with the engine's rules: the refusal, or null when it was accepted and applied. */
export function sendPure(table: PureTable, raw: unknown): RefusalData | null {
  const decision = decide(table.phase, table.context, raw);
  if (!decision.ok) return decision.refusal;
  const event = decision.value;
  let context = table.context;
  let phase = table.phase;
  switch (event.type) {
    case 'pass.commit':
    case 'courtesy.commit':
      context = { ...context, ...commitPacket(context, event.seat, event.tiles, event.type === 'pass.commit' ? (event.blind ?? 0) : 0) };
      break;
    case 'pass.retract':
      context = { ...context, ...retractPacket(context, event.seat) };
      break;
    case 'vote.cast':
      context = { ...context, ...recordVote(context, event.seat, event.vote) };
      if (event.vote === 'stop') phase = 'courtesy';
      else if (SEATS.every((seat) => context.votes[seat] === 'continue')) phase = 'secondCharleston.left';
      break;
    case 'courtesy.offer':
      context = { ...context, ...recordOffer(context, event.seat, event.count) };
      break;
    case 'wall.draw':
      context = { ...context, ...drawForNorth(context) };
      break;
    case 'hand.declareMahjong':
      phase = 'eastMahjong';
      break;
    case 'misdeal.declare':
      context = { ...context, misdeal: declaredMisdeal(event.seat, event.reason) };
      phase = 'misdeal';
      break;
    case 'hand.redeal':
      context = redeal(context);
      phase = hasWrongCount(context) ? 'misdeal' : 'firstCharleston.right';
      break;
  }
  const rule = PASS_RULES[phase];
  if (rule !== undefined && allCommitted(context.table)) {
    context = { ...context, ...resolvePass(context, rule.direction) };
    phase = NEXT[phase] ?? phase;
  }
  if (phase === 'courtesy') {
    for (const pair of PAIRS) {
      if ((agreedCount(context, pair) ?? 0) > 0 && !context.exchanged[pair] && hasPairCommitted(context, pair)) {
        context = { ...context, ...exchangeCourtesy(context, pair) };
      }
    }
    if (isCourtesyOver(context)) phase = 'complete';
  }
  table.phase = phase;
  table.context = context;
  return null;
}
