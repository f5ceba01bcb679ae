/** The order a hand is played in (R3–R9), for pages that draw the way through a hand. */
import { PHASES } from '../phase.js';
import type { CharlestonOutcome } from '../output.js';
import type { Phase } from '../types.js';

/** Phases that end a hand early or step aside from the way through it (R10–R12). */
const ASIDE: readonly Phase[] = ['declarationReview', 'eastMahjong', 'misdeal'];

/**
 * The phases of a hand in the order they are played when nothing ends it early: the first Charleston's three
 * passes, the stop checkpoint, the second Charleston's three, the courtesy pass, `complete`. A pass resolves into
 * the phase after it in this list.
 */
export const PLAY_ORDER: readonly Phase[] = PHASES.filter((phase) => !ASIDE.includes(phase));

/**
 * The phases in which a hand is over with an outcome (the machine's final states, where `output` is set): the
 * Charleston `complete`, or East's opening hand accepted (`eastMahjong`). A misdeal is not one: it is redealt.
 */
export const OUTCOME_PHASES: readonly Phase[] = ['complete', 'eastMahjong'] satisfies readonly CharlestonOutcome[];
