/**
 * What the service says about a table beside the engine's view (docs/service.md, a table of friends): the table's hand number, the
 * token's current seat (it moves one to the right with each new hand), the people's display names, the clock and the
 * latest notice; for a watcher, who is being waited for and which packets lie face down. Each field is read
 * defensively from untrusted JSON: a field the service does not send (yet) is simply absent, never a crash. Names
 * are text (1–24 characters), shown escaped by React, never as markup.
 * Pure functions: plain data in, plain data out.
 */
import { SEATS, isSeat, t, type Locale, type Seat, type TileView } from '../index.js';
import { ct } from './i18n/catalog.js';
import { cardInfoOf, closestOf, type ClosestView } from './card.js';

/** The clock of a table: seconds per decision and the deadlines of the seats being waited for. */
export interface ClockInfo {
  /** Seconds a seat may take for one decision. */
  seconds: number;
  /** False while the clock waits for every person to open their link (true when the service does not say). */
  started: boolean;
  /** Epoch milliseconds (server time) by which each waited-for seat must act. */
  deadlines: Partial<Record<Seat, number>>;
  /** The server's time (epoch ms) when the body was built. */
  now: number;
}

/** A notice of the table to everyone: today only a seat whose clock ran out. */
export interface NoticeInfo {
  code: 'CLOCK_RAN_OUT';
  seat: Seat;
  hand: number | null;
  version: number | null;
}

/** The table's own fields of a view message or a `GET /api/tables/:id` body. */
export interface TableInfo {
  /** The hand number at this table (1-based; counts new hands, not redeals), or null when not sent. */
  hand: number | null;
  /** The token's current seat (null for a watcher, or when not sent). */
  seat: Seat | null;
  /** Display names by current seat. */
  names: Partial<Record<Seat, string>>;
  clock: ClockInfo | null;
  notice: NoticeInfo | null;
  /** For a watcher: the seats the table waits for (null when not sent). */
  waitingFor: Seat[] | null;
  /** The seats (now) whose people have not opened their link while the clock waits for them (empty when not sent). */
  joining: Seat[];
  /** For a watcher: which seats have a packet face down on the table (null when not sent). */
  packetOnTable: Partial<Record<Seat, boolean>> | null;
  /** True when the table's creator chose the deal (a seed or explicit racks), so they can know every rack. */
  chosenDeal: boolean;
  /** The client's clock (epoch ms) when the message arrived: with `clock.now`, the offset of the two clocks. */
  receivedAt: number;
  /** The table's card of winning hands (how many hands), or null/absent when it plays without one. */
  card?: { hands: number } | null;
  /** The seat's closest hands on the card (its own rack only), or null/absent (no card, or a watcher). */
  closest?: ClosestView[] | null;
}

/** The longest name shown (the service's bound; longer text from anywhere is cut). */
export const MAX_NAME = 24;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A display name as it may be shown: text without control characters, trimmed, at most {@link MAX_NAME} code points. */
export function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = [...value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim()].slice(0, MAX_NAME).join('');
  return text === '' ? null : text;
}

/** Names by seat, from untrusted JSON (unknown seats and non-text values are dropped). */
export function namesOf(value: unknown): Partial<Record<Seat, string>> {
  const source = record(value);
  const names: Partial<Record<Seat, string>> = {};
  if (source === null) return names;
  for (const seat of SEATS) {
    const name = cleanName(source[seat]);
    if (name !== null) names[seat] = name;
  }
  return names;
}

function seatsOf(value: unknown): Seat[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((seat): seat is Seat => typeof seat === 'string' && isSeat(seat));
}

function flagsOf(value: unknown): Partial<Record<Seat, boolean>> | null {
  const source = record(value);
  if (source === null) return null;
  const flags: Partial<Record<Seat, boolean>> = {};
  for (const seat of SEATS) if (typeof source[seat] === 'boolean') flags[seat] = source[seat] as boolean;
  return flags;
}

function clockOf(value: unknown): ClockInfo | null {
  const source = record(value);
  if (source === null) return null;
  const seconds = finite(source.seconds);
  const now = finite(source.now);
  if (seconds === null || now === null) return null;
  const deadlines: Partial<Record<Seat, number>> = {};
  const raw = record(source.deadlines) ?? {};
  for (const seat of SEATS) {
    const deadline = finite(raw[seat]);
    if (deadline !== null) deadlines[seat] = deadline;
  }
  return { seconds, started: source.started !== false, deadlines, now };
}

function noticeOf(value: unknown): NoticeInfo | null {
  const source = record(value);
  if (source === null || source.code !== 'CLOCK_RAN_OUT' || typeof source.seat !== 'string' || !isSeat(source.seat)) return null;
  return { code: 'CLOCK_RAN_OUT', seat: source.seat, hand: finite(source.hand), version: finite(source.version) };
}

/**
 * The table's fields of a message (a live `view` message or the body of `GET /api/tables/:id`), read from untrusted
 * JSON. `view` is the engine's view in it: a watcher's `waitingFor` and `packetOnTable` are read from the body or,
 * failing that, from the view.
 */
export function tableInfoOf(message: unknown, receivedAt: number): TableInfo {
  const body = record(message) ?? {};
  const view = record(body.view) ?? {};
  const hand = finite(body.hand);
  // A table without a card sends neither field: they are left out then, as before.
  const card = cardInfoOf(body.card);
  const closest = closestOf(view.closest ?? body.closest);
  return {
    hand: hand !== null && Number.isInteger(hand) && hand >= 1 ? hand : null,
    seat: typeof body.seat === 'string' && isSeat(body.seat) ? body.seat : null,
    names: namesOf(body.names),
    clock: clockOf(body.clock),
    notice: noticeOf(body.notice),
    waitingFor: seatsOf(body.waitingFor) ?? seatsOf(view.waitingFor),
    joining: seatsOf(body.joining) ?? [],
    packetOnTable: flagsOf(body.packetOnTable) ?? flagsOf(view.packetOnTable),
    chosenDeal: body.chosenDeal === true,
    receivedAt,
    ...(card === null ? {} : { card }),
    ...(closest === null ? {} : { closest }),
  };
}

/** A seat as people read it: "Ana (South)" with a name, "South" without. */
export function seatLabel(locale: Locale, seat: Seat, names: Partial<Record<Seat, string>> | undefined): string {
  const wind = t(locale, `seat.${seat}`);
  const name = names?.[seat];
  return name === undefined ? wind : ct(locale, 'name.withSeat', { name, seat: wind });
}

/**
 * A seat as people read it after a preposition ("to" the pass arrow's receiver, "for" whose clock ran out or whose
 * link a QR code holds): a person's name as {@link seatLabel} gives it, a wind alone in the form the language takes
 * there (Greek "προς Βορρά", "για Νότο": the accusative).
 */
export function seatAfterTo(locale: Locale, seat: Seat, names: Partial<Record<Seat, string>> | undefined): string {
  return names?.[seat] === undefined ? ct(locale, `seatTo.${seat}`) : seatLabel(locale, seat, names);
}

/**
 * A seat as people read it as the attribute of a seat or a thing ("at" a seat in the lobby, its person's name and
 * invite, "the packet of" a seat): a person's name as {@link seatLabel} gives it, a wind alone in the form the
 * language takes there (Greek "στη θέση Νότου", "της θέσης Ανατολής": the genitive).
 */
export function seatAfterOf(locale: Locale, seat: Seat, names: Partial<Record<Seat, string>> | undefined): string {
  return names?.[seat] === undefined ? ct(locale, `seatOf.${seat}`) : seatLabel(locale, seat, names);
}

/**
 * Whole seconds left before `deadline` (server time), now, by the client's clock: the server's `now` and the
 * client's `receivedAt` were the same instant, so server time = client time + (now − receivedAt). Never negative;
 * rounded up, so "1" shows until the last moment.
 */
export function secondsLeft(deadline: number, clock: Pick<ClockInfo, 'now'>, receivedAt: number, clientNow: number): number {
  const serverNow = clientNow + (clock.now - receivedAt);
  return Math.max(0, Math.ceil((deadline - serverNow) / 1000));
}

/** The countdown of each waited-for seat that has a deadline, in seat order. */
export function countdowns(info: Pick<TableInfo, 'clock' | 'receivedAt'>, clientNow: number): { seat: Seat; seconds: number }[] {
  const clock = info.clock;
  if (clock === null) return [];
  return SEATS.flatMap((seat) => {
    const deadline = clock.deadlines[seat];
    return deadline === undefined ? [] : [{ seat, seconds: secondsLeft(deadline, clock, info.receivedAt, clientNow) }];
  });
}

const listFormats = new Map<Locale, Intl.ListFormat>();

/** Items joined as the language joins a list ("Bev and Ruth", "Bev i Ruth", "Bev na Ruth", "Bev και Ruth"). */
export function listText(locale: Locale, items: readonly string[]): string {
  let format = listFormats.get(locale);
  if (format === undefined) {
    format = new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' });
    listFormats.set(locale, format);
  }
  return format.format(items);
}

/**
 * Whom the table waits for to open their link, as a line ("Waiting for Bev and Ruth to join"): each person's name
 * where the table has one, else their seat's name; null when it waits for nobody.
 */
export function joiningText(locale: Locale, info: Pick<TableInfo, 'joining' | 'names'> | null): string | null {
  if (info === null || info.joining === undefined || info.joining.length === 0) return null;
  const people = info.joining.map((seat) => info.names[seat] ?? t(locale, `seat.${seat}`));
  // One person or several: the verb agrees (Catalan "entri"/"entrin", Greek "μπει"/"μπουν", Swahili "ajiunge"/"wajiunge").
  return ct(locale, people.length === 1 ? 'table.joiningOne' : 'table.joiningMany', { names: listText(locale, people) });
}

/** The table's notice as text ("Ana (South)'s time ran out: the teacher played for them."). */
export function noticeText(locale: Locale, notice: NoticeInfo | null, names: Partial<Record<Seat, string>>): string | null {
  if (notice === null) return null;
  return ct(locale, 'notice.clockRanOut', { seat: seatAfterTo(locale, notice.seat, names) });
}

/** East's declaration as a view carries it in review (`declaration`), read defensively. */
export interface DeclarationInfo {
  tiles: TileView[];
  accepted: Seat[];
}

/** The declaration of a view (null when the view has none, or it is malformed). */
export function declarationOf(view: unknown): DeclarationInfo | null {
  const source = record(record(view)?.declaration);
  if (source === null || !Array.isArray(source.tiles)) return null;
  const tiles = source.tiles.flatMap((entry: unknown): TileView[] => {
    const tile = record(entry);
    return tile !== null && typeof tile.id === 'number' && typeof tile.tile === 'string' ? [{ id: tile.id, tile: tile.tile as TileView['tile'] }] : [];
  });
  return { tiles, accepted: seatsOf(source.accepted) ?? [] };
}

/** The seat whose "stop" ended the checkpoint, from a view's `stoppedBy` (null when absent). */
export function stoppedByOf(view: unknown): Seat | null {
  const value = record(view)?.stoppedBy;
  return typeof value === 'string' && isSeat(value) ? value : null;
}
