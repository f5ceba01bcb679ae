/**
 * The card teacher's plan as the bots entry gives it out: the same functions as `card-plan.ts`, with their arguments
 * checked first (a page or a tool may pass anything), so a bad argument is an `InputError` naming it.
 */
import { closestHands } from '../card/match.js';
import type { Card, ClosestHand } from '../card/types.js';
import { InputError, describeType } from '../errors.js';
import { isTile, type Tile } from '../tiles.js';
import { aimHands as aim, splitRack as split } from './card-plan.js';

/** Throws an InputError naming `card` unless it is a card made by `parseCard` (the bots' one check of a card). */
export function checkCard(card: unknown): asserts card is Card {
  try {
    closestHands(card as Card, [], 0);
  } catch {
    throw new InputError('card', 'must be a card made by parseCard');
  }
}

function checkRack(rack: unknown): asserts rack is Tile[] {
  if (!Array.isArray(rack) || rack.length > 152 || !rack.every(isTile)) throw new InputError('rack', `must be a list of tile codes, got ${describeType(rack)}`);
}

/** The hands a rack aims for: its three closest hands of the card, closest first. */
export function aimHands(card: Card, rack: readonly Tile[]): ClosestHand[] {
  checkCard(card);
  checkRack(rack);
  return aim(card, rack);
}

/** The rack's tiles split into those that serve `hands` (closest hands of this card) and those that serve none. */
export function splitRack(card: Card, hands: readonly ClosestHand[], rack: readonly Tile[]): { keep: Tile[]; spare: Tile[] } {
  checkCard(card);
  checkRack(rack);
  const count = card.hands.length;
  if (!Array.isArray(hands) || hands.length > 3 || !hands.every((hand: unknown) => typeof hand === 'object' && hand !== null && Number.isInteger((hand as ClosestHand).index) && (hand as ClosestHand).index >= 0 && (hand as ClosestHand).index < count)) {
    throw new InputError('hands', 'must be at most three closest hands of this card (from aimHands or closestHands)');
  }
  return split(card, hands, rack);
}
