/**
 * What a seat should do now, in its language: the `prompt` of a localized view ("Pass three tiles to your
 * right.", "Does anyone want to stop?", the courtesy offer, the blind-pass hint on the two last passes).
 * Built from the seat's own view only, so a prompt can say nothing the seat may not see; the inspector page
 * calls it on the views the server sends.
 */
import { PASS_RULES } from '../types.js';
import type { SeatView } from '../view-types.js';
import type { Locale } from './catalog.js';
import { t } from './translate.js';

/** The fields of a seat's view a prompt reads. */
export type PromptInput = Pick<SeatView, 'seat' | 'phase' | 'packetOnTable' | 'waitingFor' | 'vote' | 'courtesy' | 'northShort'>;

function seatPrompt(locale: Locale, view: PromptInput): string {
  const { seat, phase } = view;
  const rule = PASS_RULES[phase];
  if (rule) {
    if (view.packetOnTable[seat]) return t(locale, 'prompt.packetOnTable');
    const pass = t(locale, `prompt.pass.${rule.direction}`);
    if (!rule.blindAllowed) return pass;
    // The blind tiles are the ones arriving: from your right on a left pass, from your left on a right pass.
    return `${pass} ${t(locale, rule.direction === 'left' ? 'prompt.blindFromRight' : 'prompt.blindFromLeft')}`;
  }
  switch (phase) {
    case 'stopCheckpoint':
      return t(locale, view.vote === null ? 'prompt.vote' : 'prompt.voted');
    case 'courtesy': {
      const courtesy = view.courtesy;
      if (courtesy === null) return t(locale, 'prompt.wait');
      const { offer, agreed, partner } = courtesy;
      if (agreed === null) return t(locale, offer === null ? 'prompt.offer' : 'prompt.offered', { partner });
      if (agreed > 0 && view.packetOnTable[seat]) return t(locale, 'prompt.packetOnTable');
      if (agreed > 0 && view.waitingFor.includes(seat)) return t(locale, 'prompt.courtesyCommit', { count: agreed, partner });
      return t(locale, 'prompt.courtesyDone');
    }
    case 'declarationReview':
      if (seat === 'east') return t(locale, 'prompt.reviewEast');
      return t(locale, view.waitingFor.includes(seat) ? 'prompt.review' : 'prompt.reviewAccepted');
    case 'complete':
      return t(locale, 'prompt.complete');
    case 'eastMahjong':
      return t(locale, 'prompt.eastMahjong');
    case 'misdeal':
      return t(locale, 'prompt.misdeal');
    default:
      return t(locale, 'prompt.wait');
  }
}

/** The prompt for the view's seat: what it should do now (a short North is told to draw first). */
export function promptFor(locale: Locale, view: PromptInput): string {
  const prompt = seatPrompt(locale, view);
  // A short North does not draw while East's declared hand is reviewed (R10): the review decides the hand first.
  const ended = view.phase === 'complete' || view.phase === 'eastMahjong' || view.phase === 'misdeal' || view.phase === 'declarationReview';
  if (view.seat !== 'north' || !view.northShort || ended) return prompt;
  const draw = t(locale, 'prompt.drawMissing');
  return prompt === t(locale, 'prompt.courtesyDone') ? draw : `${draw} ${prompt}`;
}
