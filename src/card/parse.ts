/**
 * `parseCard`: a card's text (one hand a line, `#` section lines, blank lines skipped) read into its hands, every
 * hand checked (its groups, 14 tiles). The first problem throws a {@link CardError} at its line and column.
 */
import { CardError } from './error.js';
import { groupSize, readHandLine, type Group } from './groups.js';
import type { Card, CardHand } from './types.js';

/** The largest card read, in bytes of UTF-8. */
export const MAX_CARD_BYTES = 16 * 1024;
/** The most hands a card may have. */
export const MAX_CARD_HANDS = 500;
/** The tiles of every hand. */
export const HAND_TILES = 14;

/** The groups of each hand of each card parsed here, kept for the matcher (it reads them rather than re-parsing). */
export const PARSED_GROUPS = new WeakMap<Card, readonly (readonly Group[])[]>();

/** UTF-8 length of a string without an encoder (surrogate pairs count 4). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The most groups with `Z` a hand may have (each multiplies the ways to read the hand by four). */
export const MAX_Z_GROUPS = 4;

/** Reads a hand line and checks its size and its `Z` groups; `line` from 1. */
export function readHand(source: string, line: number): { groups: Group[]; text: string; concealed: boolean } {
  const hand = readHandLine(source, line);
  const zGroups = hand.groups.filter((group) => group.kind === 'unsuited' && group.chars.includes('Z'));
  if (zGroups.length > MAX_Z_GROUPS) {
    throw new CardError('CARD_SYNTAX', line, (zGroups[MAX_Z_GROUPS] as Group).column, `a hand may have at most ${MAX_Z_GROUPS} groups with Z`);
  }
  const tiles = hand.groups.reduce((sum, group) => sum + groupSize(group), 0);
  if (tiles !== HAND_TILES) {
    const column = hand.groups[0]?.column ?? 1;
    throw new CardError('CARD_HAND_SIZE', line, column, `the hand "${hand.text}" has ${tiles} tiles; every hand has ${HAND_TILES}`);
  }
  return hand;
}

/**
 * Parses a card's text into its hands, in the order written (`index` from 0). Throws {@link CardError} for a card
 * that is not text or larger than 16 KiB (`CARD_TOO_LARGE`), has more than 500 hands (`CARD_TOO_LARGE`), a bad
 * group (`CARD_SYNTAX`), a hand of other than 14 tiles (`CARD_HAND_SIZE`) or no hand at all (`CARD_EMPTY`).
 */
export function parseCard(text: string): Card {
  if (typeof text !== 'string') throw new CardError('CARD_SYNTAX', 1, 1, `a card is text, got ${text === null ? 'null' : typeof text}`);
  const bytes = utf8Bytes(text);
  if (bytes > MAX_CARD_BYTES) throw new CardError('CARD_TOO_LARGE', 1, 1, `the card is ${bytes} bytes; a card is at most ${MAX_CARD_BYTES} bytes (16 KiB)`);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const hands: CardHand[] = [];
  const groups: Group[][] = [];
  let section = '';
  body.split(/\r?\n/).forEach((source, at) => {
    const line = at + 1;
    const trimmed = source.trim();
    if (trimmed === '') return;
    if (trimmed[0] === '#') {
      section = trimmed.slice(1).trim();
      return;
    }
    if (hands.length === MAX_CARD_HANDS) {
      throw new CardError('CARD_TOO_LARGE', line, source.length - source.trimStart().length + 1, `a card has at most ${MAX_CARD_HANDS} hands`);
    }
    const hand = readHand(source, line);
    hands.push({ index: hands.length, section, text: hand.text, concealed: hand.concealed });
    groups.push(hand.groups);
  });
  if (hands.length === 0) throw new CardError('CARD_EMPTY', 1, 1, 'the card has no hand (one hand a line; lines starting with # are sections)');
  const card: Card = { hands };
  PARSED_GROUPS.set(card, groups);
  return card;
}
