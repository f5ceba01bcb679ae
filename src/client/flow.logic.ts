/**
 * The pure side of the client's flow: its context and events, and the functions the machine's guards and
 * actions (and the page) read it with: which tiles are chosen, how many a packet needs, which event an action
 * stands for, a refusal in the page's language. Plain data in, plain data out.
 */
import { PASS_RULES, isSeat, refusalMessage, t, type Direction, type LegalActions, type Locale, type PublicView, type RefusalCode, type Seat, type SeatView, type Tile } from '../index.js';
import { isServiceProblem } from '../entries/i18n.js';
import { serviceErrorLine } from './service-error.js';
import { PACKET_SIZE, PLAY_ORDER } from '../entries/rules.js';
import { ct } from './i18n/catalog.js';
import { seatLabel, type TableInfo } from './table-info.js';
import { isSeatView, type ClientEvent, type ReportedRefusal, type TransportReport } from './transport.js';

/** An action a player can ask for (the page's `data-action` names). */
export type ActionName =
  | 'pass'
  | 'retract'
  | 'vote-stop'
  | 'vote-continue'
  | 'offer'
  | 'give'
  | 'draw'
  | 'declare'
  | 'misdeal'
  | 'redeal'
  | 'accept'
  | 'dispute';

/** Actions that go through the page's confirm step. */
export const CONFIRMED_ACTIONS: readonly ActionName[] = ['pass', 'give', 'misdeal', 'declare', 'dispute'];

/** The phase in which the other seats look at East's declared hand and accept or dispute it (R10, R12). */
export const REVIEW_PHASE = 'declarationReview';

/** The phases of a hand in the order they are played, when nothing ends it early (the engine's list; the ROLLOR strip marks them). */
export const PHASE_ORDER: readonly string[] = PLAY_ORDER;

/**
 * The direction of the pass that resolved when a view moved from phase `before` to `after`, or null when none did.
 * A pass resolves only into the phase that follows it; leaving a pass otherwise (East's declaration, a misdeal)
 * moves no packet, so the page must not show one sliding.
 */
export function resolvedPassDirection(before: string, after: string): Direction | null {
  const rule = PASS_RULES[before as keyof typeof PASS_RULES];
  if (rule === undefined) return null;
  const at = PHASE_ORDER.indexOf(before);
  return PHASE_ORDER[at + 1] === after ? rule.direction : null;
}

/** True when the view is in East's declaration review (a phase newer than the engine's `Phase` type may be). */
export function isInReview(view: Pick<PublicView, 'phase'> | null): boolean {
  return view !== null && (view.phase as string) === REVIEW_PHASE;
}

/**
 * True when the seat may accept East's declared hand now: the table's `actions` say so (`acceptDeclaration`, the
 * core's `legalActions` as the service sends it, or as solo practice computes it); nothing here judges it again.
 */
export function canAccept(legal: LegalActions | null): boolean {
  return legal?.acceptDeclaration === true;
}

/** The flow's context. */
export interface FlowContext {
  locale: Locale;
  view: SeatView | PublicView | null;
  legal: LegalActions | null;
  version: number;
  /** Ids of the rack tiles chosen for the next packet. */
  chosen: number[];
  /** The blind count chosen for an end pass. */
  blind: number;
  /** The event waiting for the confirm step. */
  pending: ClientEvent | null;
  /** Where the confirm step was opened (the action, the hand and the phase), while `pending` waits for it. */
  pendingFor: PendingOrigin | null;
  /** The id of the event being sent. */
  sending: number | null;
  nextId: number;
  /** The refusal or explanation shown in the alert. */
  alert: string | null;
  showHint: boolean;
  failure: string | null;
  /** The table's own fields of the latest view (hand number, current seat, names, clock, notice). */
  table: TableInfo | null;
}

/** The flow's context before the first view: nothing chosen, pending, in flight, shown or failed. */
export function initialFlowContext(locale: Locale): FlowContext {
  return {
    locale,
    view: null,
    legal: null,
    version: -1,
    chosen: [],
    blind: 0,
    pending: null,
    pendingFor: null,
    sending: null,
    nextId: 1,
    alert: null,
    showHint: false,
    failure: null,
    table: null,
  };
}

/**
 * Where a confirm step was opened: the action it confirms and the hand and phase it belongs to. A confirm step
 * is only good for that hand and phase (see {@link isPendingCurrent}).
 */
export interface PendingOrigin {
  action: ActionName;
  count?: number;
  phase: string;
  /** The engine's hand number of the view. */
  hand: number;
  /** The table's own count of hands (the service's), null when the view came without it. */
  tableHand: number | null;
}

/** Events of the flow: the transport's reports and the player's gestures. */
export type FlowEvent =
  | TransportReport
  | { type: 'tile.toggle'; id: number }
  | { type: 'blind.choose'; count: number }
  | { type: 'act'; action: ActionName; count?: number }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'hint.toggle' }
  | { type: 'locale.set'; locale: Locale };

/** What the host gives the flow. */
export interface FlowInput {
  locale: Locale;
}

/** The tile codes of the chosen ids, in rack order. */
export function chosenTiles(context: Pick<FlowContext, 'view' | 'chosen'>): Tile[] {
  const view = context.view;
  if (view === null || !isSeatView(view)) return [];
  return view.rack.filter((tile) => context.chosen.includes(tile.id)).map((tile) => tile.tile);
}

/**
 * The rack tile `id` may join the packet now: the legal actions list it (their `from` is the multiset of faces the
 * engine accepts in a packet now) more times than tiles of its face are already chosen.
 */
export function isListedTile(context: Pick<FlowContext, 'view' | 'legal' | 'chosen'>, id: number): boolean {
  const view = context.view;
  const from = context.legal?.pass?.from ?? context.legal?.courtesy?.from ?? null;
  if (view === null || !isSeatView(view) || from === null) return false;
  const tile = view.rack.find((entry) => entry.id === id)?.tile;
  if (tile === undefined) return false;
  const chosen = view.rack.filter((entry) => entry.tile === tile && entry.id !== id && context.chosen.includes(entry.id)).length;
  return from.filter((face) => face === tile).length > chosen;
}

/** How many tiles the next packet needs from the rack (null when no packet is wanted now). */
export function tilesNeeded(context: Pick<FlowContext, 'legal' | 'blind'>): number | null {
  const legal = context.legal;
  if (legal === null) return null;
  if (legal.pass) return PACKET_SIZE - (legal.pass.blind.includes(context.blind) ? context.blind : 0);
  if (legal.courtesy) return legal.courtesy.count;
  return null;
}

/** The event an action stands for, or null when it is not legal now. */
export function eventFor(context: FlowContext, action: ActionName, count?: number): ClientEvent | null {
  const legal = context.legal;
  if (legal === null) return null;
  const seat = legal.seat;
  switch (action) {
    case 'pass': {
      if (!legal.pass) return null;
      const blind = legal.pass.blind.includes(context.blind) ? context.blind : 0;
      const tiles = chosenTiles(context);
      return blind === 0 ? { type: 'pass.commit', seat, tiles } : { type: 'pass.commit', seat, tiles, blind };
    }
    case 'give':
      return legal.courtesy ? { type: 'courtesy.commit', seat, tiles: chosenTiles(context) } : null;
    case 'retract':
      return legal.retract ? { type: 'pass.retract', seat } : null;
    case 'vote-stop':
      return legal.vote.includes('stop') ? { type: 'vote.cast', seat, vote: 'stop' } : null;
    case 'vote-continue':
      return legal.vote.includes('continue') ? { type: 'vote.cast', seat, vote: 'continue' } : null;
    case 'offer':
      return count !== undefined && legal.offer.includes(count) ? { type: 'courtesy.offer', seat, count } : null;
    case 'draw':
      return legal.draw ? { type: 'wall.draw', seat } : null;
    case 'declare':
      return legal.declareMahjong ? { type: 'hand.declareMahjong', seat } : null;
    case 'misdeal':
      // No reason text: the misdeal's code (`declared`, by this seat) says why, in each reader's language.
      return legal.declareMisdeal ? { type: 'misdeal.declare', seat } : null;
    case 'redeal':
      return legal.redeal ? { type: 'hand.redeal' } : null;
    case 'accept':
      return canAccept(legal) ? { type: 'declaration.accept', seat } : null;
    case 'dispute':
      // A dispute of East's hand is a misdeal declared while it is reviewed (the engine's legal actions say when).
      return legal.dispute ? { type: 'misdeal.declare', seat } : null;
  }
}

/**
 * A refusal in the page's language, from its code and params (every refusal carries them, through the service
 * too): the engine's codes by the core's `refusalMessage`, the service's own (`NOT_YOUR_SEAT`, `RATE_LIMITED`) by
 * the client's catalog, a service error (its params name a `problem`) by the service's catalogs, each seat it names
 * as the person at it (`names`). An unknown code, missing or malformed params, or a failed rendering fall back to the
 * message as the table worded it.
 */
export function refusalText(locale: Locale, refusal: ReportedRefusal, names?: Partial<Record<Seat, string>>): string {
  const params: unknown = refusal.params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return refusal.message;
  const values = params as Readonly<Record<string, unknown>>;
  // A service error answering the send (`params.problem` names it): worded by the service's catalogs, seats as people.
  if (isServiceProblem(values['problem'])) return serviceErrorLine(locale, { message: refusal.message, params: values }, names);
  // The service's own codes are worded by the client's catalog; the engine's by the engine.
  if (refusal.code === 'RATE_LIMITED') return ct(locale, 'serviceRefusal.RATE_LIMITED');
  if (refusal.code === 'NOT_YOUR_SEAT') {
    const { own, named } = values;
    if (typeof own !== 'string' || typeof named !== 'string') return refusal.message;
    // Seats as the people at them ("Ana (South)", the seat alone without a name); whatever else the event named, as sent.
    const word = (value: string): string => (isSeat(value) ? seatLabel(locale, value, names) : value);
    return ct(locale, 'serviceRefusal.NOT_YOUR_SEAT', { own: word(own), named: word(named) });
  }
  try {
    return refusalMessage(locale, refusal.code as RefusalCode, values as Readonly<Record<string, string | number>>);
  } catch {
    return refusal.message;
  }
}

/** Where a confirm step for `action` opens now, or null before the first view. */
export function pendingOrigin(context: Pick<FlowContext, 'view' | 'table'>, action: ActionName, count?: number): PendingOrigin | null {
  if (context.view === null) return null;
  const origin: PendingOrigin = { action, phase: context.view.phase, hand: context.view.hand, tableHand: context.table?.hand ?? null };
  return count === undefined ? origin : { ...origin, count };
}

/** An event in a form that does not depend on the order of its keys or of its tiles. */
function canonicalEvent(event: ClientEvent): string {
  const entries = Object.entries(event)
    .map(([key, value]: [string, unknown]) => [key, Array.isArray(value) ? [...(value as string[])].sort() : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/**
 * True while the event held for the confirm step may still be sent as it is: the table is still in the hand and
 * phase the step was opened in, the action is still legal for this seat (the table's `actions`), and the event the
 * action stands for now is the very event held (the same tiles, blind count and seat). A confirm step opened in
 * one pass must never send its tiles as the next pass.
 */
export function isPendingCurrent(context: FlowContext): boolean {
  const { pending, pendingFor: origin, view } = context;
  if (pending === null || origin === null || view === null) return false;
  if (view.phase !== origin.phase || view.hand !== origin.hand || (context.table?.hand ?? null) !== origin.tableHand) return false;
  const now = eventFor(context, origin.action, origin.count);
  return now !== null && !isIncomplete(context, origin.action) && canonicalEvent(now) === canonicalEvent(pending);
}

/** True when a pass or courtesy packet does not hold the tiles it needs yet. */
export function isIncomplete(context: FlowContext, action: ActionName): boolean {
  if (action !== 'pass' && action !== 'give') return false;
  return context.chosen.length !== tilesNeeded(context);
}

/** True when the seat has something to choose or answer now (not just retract or misdeal). */
export function hasChoice(legal: LegalActions | null): boolean {
  return legal !== null && (legal.pass !== null || legal.courtesy !== null || legal.vote.length > 0 || legal.offer.length > 0 || legal.draw || legal.redeal || canAccept(legal));
}

/** The phase name in the page's language (empty before the first view). */
export function phaseName(context: Pick<FlowContext, 'locale' | 'view'>): string {
  if (context.view === null) return '';
  const key = `phase.${context.view.phase}` as const;
  const name = t(context.locale, key);
  // A phase the page's engine has no name for yet (East's declaration in review, from a newer service).
  if (name === key && isInReview(context.view)) return ct(context.locale, 'review.heading');
  return name;
}

/** The direction of the current pass, if any, in words. */
export function directionName(context: Pick<FlowContext, 'locale' | 'view'>): string | null {
  const rule = context.view === null ? undefined : PASS_RULES[context.view.phase];
  return rule ? t(context.locale, `direction.${rule.direction}`) : null;
}

/** The "choose N more" line, when a packet is being chosen. */
export function choiceStatus(context: FlowContext): string | null {
  const need = tilesNeeded(context);
  if (need === null) return null;
  return ct(context.locale, 'rack.chosen', { chosen: context.chosen.length, need });
}
