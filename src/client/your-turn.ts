/**
 * "Your turn": which decision the table waits for from this seat, and whether it has just become the seat's. The
 * page says so in the tab's title for as long as the decision is open, and signals it once when it arrives (a
 * vibration, an optional tone). Pure: plain data in, plain data out.
 */
import type { LegalActions, Locale } from '../index.js';
import { ct } from './i18n/catalog.js';
import type { ClientKey } from './i18n/catalog.js';

/** A kind of decision the table waits for (each has its own words in the title). */
export type TurnKind = 'pass' | 'vote' | 'offer' | 'give' | 'answer' | 'draw' | 'redeal';

/** A decision of this seat: its kind, and the hand and phase it belongs to (a new hand or phase is a new one). */
export interface Turn {
  kind: TurnKind;
  hand: number;
  phase: string;
}

/**
 * The decision the seat's legal actions wait for, or null when none does. Taking a pass back, declaring a misdeal
 * or East's Mahjong are options the seat may take, not decisions the table waits for: they do not count.
 */
export function turnKind(legal: LegalActions | null): TurnKind | null {
  if (legal === null) return null;
  if (legal.pass !== null) return 'pass';
  if (legal.vote.length > 0) return 'vote';
  if (legal.offer.length > 0) return 'offer';
  if (legal.courtesy !== null) return 'give';
  if (legal.acceptDeclaration) return 'answer';
  if (legal.draw) return 'draw';
  if (legal.redeal) return 'redeal';
  return null;
}

/** The seat's open decision at a view (its hand and phase with the kind), or null when the table waits for nothing from it. */
export function turnOf(view: { hand: number; phase: string } | null, legal: LegalActions | null): Turn | null {
  const kind = turnKind(legal);
  return view === null || kind === null ? null : { kind, hand: view.hand, phase: view.phase };
}

/** True when two decisions are the same one (same kind, hand and phase). */
export function sameTurn(a: Turn | null, b: Turn | null): boolean {
  return a === b || (a !== null && b !== null && a.kind === b.kind && a.hand === b.hand && a.phase === b.phase);
}

/**
 * What became the seat's at a new view: the decision now open when it is not the last one signalled (`last`),
 * else null. Comparing with the last decision signalled, not with the previous view, means that taking a pass back
 * (the decision closes and opens again in the same phase) or a view that changes nothing signals nothing, while
 * the next phase or hand signals once.
 */
export function becameMine(last: Turn | null, now: Turn | null): Turn | null {
  return now !== null && !sameTurn(last, now) ? now : null;
}

const TITLE_KEYS: Record<TurnKind, ClientKey> = {
  pass: 'turn.pass',
  vote: 'turn.vote',
  offer: 'turn.offer',
  give: 'turn.give',
  answer: 'turn.answer',
  draw: 'turn.draw',
  redeal: 'turn.redeal',
};

/** The tab's title: "● Your pass — Charleston" while a decision is open, the plain title otherwise. */
export function turnTitle(locale: Locale, kind: TurnKind | null): string {
  return kind === null ? ct(locale, 'app.title') : ct(locale, TITLE_KEYS[kind]);
}
