/**
 * What the seat should do now, in the page's language, from its own view (the engine's prompt sentences,
 * rendered with the core's `t`; the server's view carries the table's language, the page may speak another).
 */
import { PASS_RULES, t, type Locale, type SeatView } from '../index.js';

function basePrompt(locale: Locale, view: SeatView): string {
  const { seat, phase } = view;
  const rule = PASS_RULES[phase];
  if (rule) {
    if (view.packetOnTable[seat]) return t(locale, 'prompt.packetOnTable');
    const pass = t(locale, `prompt.pass.${rule.direction}`);
    if (!rule.blindAllowed) return pass;
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

/** The seat's prompt; a short North is told to draw first. */
export function seatPrompt(locale: Locale, view: SeatView): string {
  const prompt = basePrompt(locale, view);
  const ended = view.phase === 'complete' || view.phase === 'eastMahjong' || view.phase === 'misdeal';
  if (view.seat !== 'north' || !view.northShort || ended) return prompt;
  return `${t(locale, 'prompt.drawMissing')} ${prompt}`;
}
