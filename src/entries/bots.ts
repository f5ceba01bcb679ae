/**
 * `charleston-engine/bots`: bot strategies, hands played by bots, and the enumeration of concrete legal events that
 * bots and fuzzers draw from; `teacherStrategyFor(card)` is the teacher that plays toward the hands of a card. Kept out of the core entry (`charleston-engine`) so that an app that only runs or
 * shows a table does not carry them. Browser-safe, like the core.
 */
export type { Strategy } from '../bots/strategy.js';
export { teacherStrategy } from '../bots/teacher.js';
export { teacherStrategyFor, CARD_STOP_AT } from '../bots/card-teacher.js';
export type { CardTeacherOptions } from '../bots/card-teacher.js';
export { randomStrategy } from '../bots/random.js';
export { STRATEGIES } from '../bots/table.js';
export { playHand, legalEvents, multisetChoices } from '../public.js';
export type { PlayOptions, PlayOutcome, PlayedEvent } from '../bots/table.js';
/**
 * The card teacher's plan, for pages that explain it (the player client's hint): `aimHands(card, rack)`, the hands
 * it aims for (its closest, at most three), and `splitRack(card, hands, rack)`, the tiles that serve them and the rest.
 */
export { aimHands, splitRack } from '../bots/card-plan-checked.js';
