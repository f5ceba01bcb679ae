/**
 * The teacher's hint when a card is in play: the card teacher's own choice for this seat (so the hint is exactly
 * what the bot would do), with the hand it aims for and why, e.g. "Toward FF 2222a 4444a 6666a (2468): keep 2C 2C
 * 4C 4C 6C, 7 tiles to go; pass 7D 9B N." Tiles and the hand are written in the card's own codes.
 */
import type { LegalActions, Locale, SeatView } from '../index.js';
import { aimHands, splitRack, teacherStrategyFor, type Strategy } from '../entries/bots.js';
import type { Card } from '../entries/card.js';
import { ct } from './i18n/catalog.js';
import type { Hint } from './hint.js';

/** One card teacher per card. */
const TEACHERS = new WeakMap<Card, Strategy>();

function teacherOf(card: Card): Strategy {
  let teacher = TEACHERS.get(card);
  if (teacher === undefined) {
    teacher = teacherStrategyFor(card);
    TEACHERS.set(card, teacher);
  }
  return teacher;
}

/** The card teacher's choice for the view's seat, with the hand it aims for and the reason, in `locale`. */
export function cardHint(locale: Locale, card: Card, view: SeatView, legal: LegalActions): Hint {
  const rack = view.rack.map((tile) => tile.tile);
  const event = teacherOf(card).act(view, legal, () => 0);
  const aim = aimHands(card, rack)[0];
  if (event === null || aim === undefined) return { event, tiles: [], text: ct(locale, 'hint.none') };
  const hand = { hand: aim.text, section: aim.section === '' ? '' : ` (${aim.section})` };
  const keep = splitRack(card, [aim], rack).keep;
  const toward = ct(locale, 'hint.card.toward', { ...hand, keep: keep.join(' '), count: aim.missing });
  switch (event.type) {
    case 'wall.draw':
      return { event, tiles: [], text: ct(locale, 'hint.draw') };
    case 'hand.declareMahjong':
      return { event, tiles: [], text: ct(locale, 'hint.card.declare', hand) };
    case 'pass.commit': {
      const blind = event.blind ?? 0;
      const tiles = event.tiles;
      if (blind === 3) return { event, tiles, text: ct(locale, 'hint.card.passAllBlind', { toward }) };
      const key = blind > 0 ? 'hint.card.passBlind' : 'hint.card.pass';
      return { event, tiles, text: ct(locale, key, { toward, tiles: tiles.join(' '), count: blind }) };
    }
    case 'vote.cast':
      return { event, tiles: [], text: ct(locale, event.vote === 'stop' ? 'hint.card.voteStop' : 'hint.card.voteContinue', { toward }) };
    case 'courtesy.offer':
      return { event, tiles: [], text: ct(locale, 'hint.card.offer', { toward, count: event.count }) };
    case 'courtesy.commit':
      return { event, tiles: event.tiles, text: ct(locale, 'hint.card.give', { toward, tiles: event.tiles.join(' ') }) };
    default:
      return { event, tiles: [], text: ct(locale, 'hint.none') };
  }
}
