/**
 * The machine/connect split of the player client (as in zag): `connect(snapshot)` reads the flow machine's snapshot
 * once and returns the props of every control on a table page — which buttons exist, which are enabled or pressed,
 * their labels, and the flow event each one sends. What is legal comes from the table as it is (the service's
 * `actions` for this seat and version, or the engine's `legalActions` in solo practice); nothing here judges
 * legality again. The components only render what this returns and send the events it names.
 * Pure: plain data in, plain data out (table-driven tests need no browser).
 */
import type { StateValue } from 'xstate';
import { PASS_RULES, t, type Locale, type Seat, type SeatView, type Tile, type TileView } from '../index.js';
import {
  canAccept,
  chosenTiles,
  isInReview,
  choiceStatus,
  directionName,
  hasChoice,
  phaseName,
  tilesNeeded,
  type ActionName,
  type FlowContext,
  type FlowEvent,
} from './flow.logic.js';
import { OUTCOME_PHASES } from '../entries/rules.js';
import { ct } from './i18n/catalog.js';
import { misdealText } from './misdeal.js';
import { teacherHint } from './teacher-reason.js';
import { cardOfClosest } from './card.js';
import { tileNames } from './tiles.js';
import { declarationOf, noticeText, seatLabel, stoppedByOf, type NoticeInfo } from './table-info.js';
import { isSeatView, type ClientEvent } from './transport.js';

/** What `connect` reads: the flow machine's snapshot (its state value and context). */
export interface FlowSnapshotLike {
  value: StateValue;
  context: FlowContext;
}

/** The look of a control (class names of the page's style). */
export type ControlKind = '' | 'primary' | 'quiet' | 'danger' | 'primary danger';

/** The props of one button: its `data-action`, label, state and the flow event a press sends. */
export interface ControlProps {
  action: string;
  label: string;
  enabled: boolean;
  /** `aria-pressed`, for a toggle (the blind count, the hint); absent for a plain button. */
  pressed?: boolean;
  kind: ControlKind;
  event: FlowEvent;
}

/** A tile of the seat's rack as a button. */
export interface RackTileProps {
  id: number;
  tile: Tile;
  pressed: boolean;
  /** Named by the teacher's hint while the hint is shown. */
  suggested: boolean;
  event: FlowEvent;
}

/** The seat's own part of the page (absent for a spectator, or before the table says what the seat may do). */
export interface SeatProps {
  view: SeatView;
  /** The blind count buttons (`blind-0` … `blind-3`): in the two end passes, while a pass can be made. */
  blind: ControlProps[];
  /** `vote-stop`, `vote-continue` while the seat may vote. */
  vote: ControlProps[];
  /** `offer-N` for each count the seat may offer. */
  offer: ControlProps[];
  /** `hint`, `pass`, `give`, `retract`, `draw`, `declare`, `redeal`: each present while its action is legal. */
  main: ControlProps[];
  /** The table menu (`data-action="menu"`) with its `misdeal`, while a misdeal may be declared. */
  menu: { misdeal: ControlProps } | null;
  /** The page's confirm step, while an event waits for it. */
  confirm: { text: string; confirm: ControlProps; cancel: ControlProps } | null;
  /** The pass slots: tiles the packet needs, the blind count, the chosen tiles. */
  slots: { need: number | null; blind: number; chosen: TileView[] };
  /** The "chosen N of M" line while a packet is being chosen. */
  choiceLine: string | null;
  /** The teacher's advice, while it is shown. */
  hint: string | null;
  /** Why the hand is dead (in the page's language), in a misdeal. */
  misdealNote: string | null;
  /**
   * What the stop vote decided, while it still matters and the table does not already say who stopped: "the second
   * Charleston is played" during it, "the second Charleston was stopped" in the courtesy pass that followed.
   */
  voteNote: string | null;
  rack: RackTileProps[];
  /** What Enter on a rack tile sends (pass or give), when either is legal. */
  submit: FlowEvent | null;
}

/** The props of a whole table page. */
export interface TablePageProps {
  locale: Locale;
  /** `data-phase`: the table's phase, or an empty string until the first view. */
  phase: string;
  /** `data-version`: the view's version (empty until the first view). */
  version: string;
  /** `data-flow`: the flow machine's state as a dotted path. */
  flow: string;
  /** The heading: the phase's name (empty before the first view). */
  title: string;
  /** The connection's and the page's state, for the status line. */
  status: string;
  /** A confirm, a send or a reconnect is under way: the controls wait. */
  busy: boolean;
  /** The refusal or explanation for the alert. */
  alert: string | null;
  seat: SeatProps | null;
  /** What every page of the table shows, a player's and a watcher's alike (null before the first view). */
  table: TableProps | null;
}

/** East's declared hand while the others look at it (and after, once accepted). */
export interface DeclarationProps {
  tiles: TileView[];
  /** "Accepted by: Ana (South)" or "Nobody has accepted yet." */
  accepted: string;
  /** Waiting for the others: the seat's actions hold no accept (East's own page, a seat that has accepted). */
  waiting: string | null;
}

/** The table's parts that every page shows. */
export interface TableProps {
  /** The hand at this table (the service's count of hands in a row, else the engine's). */
  hand: number;
  /** The page's own seat as people read it ("Ana (South)"), null for a watcher. */
  me: string | null;
  /** Display names by current seat. */
  names: Partial<Record<Seat, string>>;
  /** The table's notice ("South's time ran out…"), as text. */
  notice: string | null;
  /** "West stopped the second Charleston.", once the checkpoint has ended with a stop. */
  stoppedBy: string | null;
  declaration: DeclarationProps | null;
  /** The hand has ended (`complete`, `eastMahjong`): the review and the next hand are offered. */
  ended: boolean;
}

/** Phases after which the table deals the next hand (`POST /next`); a misdeal is redealt instead. */
export const ENDED_PHASES: readonly string[] = OUTCOME_PHASES;

/** The table's notice while it concerns the hand on the table (a notice of an earlier hand is not shown again). */
function currentNotice(table: FlowContext['table']): NoticeInfo | null {
  const notice = table?.notice ?? null;
  if (notice === null || table === null) return null;
  return table.hand !== null && notice.hand !== null && notice.hand !== table.hand ? null : notice;
}

/** The flow machine's state as a dotted path (`live.choosing`). */
export function flowState(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [top, inner] = Object.entries(value)[0] ?? ['', ''];
  return typeof inner === 'string' ? `${top}.${inner}` : top;
}

function confirmText(locale: Locale, event: ClientEvent, partner: string | null, direction: string | null, dispute: boolean): string {
  switch (event.type) {
    case 'pass.commit': {
      const tiles = tileNames(locale, event.tiles);
      const where = direction ?? '';
      return event.blind ? ct(locale, 'confirm.passBlind', { tiles, direction: where, count: event.blind }) : ct(locale, 'confirm.pass', { tiles, direction: where });
    }
    case 'courtesy.commit':
      return ct(locale, 'confirm.give', { tiles: tileNames(locale, event.tiles), partner: partner ?? '' });
    case 'misdeal.declare':
      return ct(locale, dispute ? 'confirm.dispute' : 'confirm.misdeal');
    default:
      return ct(locale, 'confirm.declare');
  }
}

function act(action: ActionName, count?: number): FlowEvent {
  return count === undefined ? { type: 'act', action } : { type: 'act', action, count };
}

/** The props of every control of a table page, from the flow machine's snapshot. */
/**
 * The note on the stop vote's outcome (see {@link SeatProps.voteNote}): a continue only while the second Charleston
 * is played (once it is over, "is played" would be untrue), a stop in the courtesy pass, nothing when the table
 * names who stopped.
 */
export function voteNote(locale: Locale, view: SeatView, stopperKnown: boolean): string | null {
  if (stopperKnown || view.stopped === null) return null;
  if (view.stopped) return view.phase === 'courtesy' ? ct(locale, 'table.stopped') : null;
  return view.phase.startsWith('secondCharleston.') ? ct(locale, 'table.continued') : null;
}

export function connect(snapshot: FlowSnapshotLike): TablePageProps {
  const { context } = snapshot;
  const { locale, view, legal } = context;
  const flow = flowState(snapshot.value);
  const confirming = flow === 'live.confirming';
  const sending = flow === 'live.sending';
  const reconnecting = flow === 'reconnecting';
  const busy = sending || confirming || reconnecting;
  const seatView = view !== null && isSeatView(view) ? view : null;

  const status = [
    flow === 'connecting' ? ct(locale, 'conn.connecting') : '',
    reconnecting ? ct(locale, 'conn.reconnecting') : '',
    flow === 'failed' ? ct(locale, 'conn.refusedToken', { message: context.failure ?? '' }) : '',
    sending ? ct(locale, 'status.sending') : '',
    view !== null && seatView === null ? ct(locale, 'conn.spectator') : '',
  ].join('');

  const page: TablePageProps = {
    locale,
    phase: view?.phase ?? '',
    version: view === null ? '' : String(context.version),
    flow,
    title: phaseName(context),
    status,
    busy,
    alert: context.alert,
    seat: null,
    table: null,
  };
  if (view !== null) {
    const names = context.table?.names ?? {};
    const declaration = declarationOf(view);
    const stopper = stoppedByOf(view);
    const me = seatView?.seat ?? null;
    // The table waits on this seat's page when the review needs nothing more from it: its actions hold no accept
    // (East's own page, or a seat that has accepted). The actions decide, not who the view says has accepted.
    const waitingOthers = declaration !== null && isInReview(view) && me !== null && legal !== null && !canAccept(legal);
    page.table = {
      hand: context.table?.hand ?? view.hand,
      me: me === null ? null : seatLabel(locale, me, names),
      names,
      notice: noticeText(locale, currentNotice(context.table), names),
      stoppedBy: stopper === null ? null : ct(locale, 'table.stoppedBy', { seat: seatLabel(locale, stopper, names) }),
      declaration:
        declaration === null
          ? null
          : {
              tiles: declaration.tiles,
              accepted:
                declaration.accepted.length === 0
                  ? ct(locale, 'review.acceptedNobody')
                  : ct(locale, 'review.acceptedBy', { seats: declaration.accepted.map((each) => seatLabel(locale, each, names)).join(', ') }),
              waiting: waitingOthers ? ct(locale, 'review.waitingOthers') : null,
            },
      ended: ENDED_PHASES.includes(view.phase),
    };
  }
  if (seatView === null || legal === null) return page;

  const label = (key: Parameters<typeof ct>[1], params?: Record<string, number>): string => ct(locale, key, params);
  const need = tilesNeeded(context);
  const ready = !busy && need !== null && chosenTiles(context).length === need;
  // With a card, the hint aims for the closest hands the page lists (the seat's view carries them).
  const hint = teacherHint(seatView, legal, locale, cardOfClosest(context.table?.closest));
  const hintAvailable = hasChoice(legal) && hint.event !== null && !isInReview(seatView);

  const rule = PASS_RULES[seatView.phase];
  const blindCounts = legal.pass?.blind ?? [];
  const blind: ControlProps[] =
    rule?.blindAllowed && legal.pass !== null
      ? [0, 1, 2, 3].map((count) => ({
          action: `blind-${count}`,
          label: label('blind.option', { count }),
          enabled: !busy && blindCounts.includes(count),
          pressed: context.blind === count,
          kind: '',
          event: { type: 'blind.choose', count },
        }))
      : [];

  const vote: ControlProps[] = [];
  if (legal.vote.includes('stop')) vote.push({ action: 'vote-stop', label: label('action.vote-stop'), enabled: !busy, kind: '', event: act('vote-stop') });
  if (legal.vote.includes('continue')) vote.push({ action: 'vote-continue', label: label('action.vote-continue'), enabled: !busy, kind: 'primary', event: act('vote-continue') });

  const offer: ControlProps[] = legal.offer.map((count) => ({ action: `offer-${count}`, label: label('action.offer', { count }), enabled: !busy, kind: '', event: act('offer', count) }));

  const main: ControlProps[] = [];
  if (hintAvailable) main.push({ action: 'hint', label: label('action.hint'), enabled: true, pressed: context.showHint, kind: 'quiet', event: { type: 'hint.toggle' } });
  if (legal.pass !== null) main.push({ action: 'pass', label: label('action.pass'), enabled: ready, kind: 'primary', event: act('pass') });
  if (legal.courtesy !== null) main.push({ action: 'give', label: label('action.give'), enabled: ready, kind: 'primary', event: act('give') });
  if (legal.retract) main.push({ action: 'retract', label: label('action.retract'), enabled: !busy, kind: '', event: act('retract') });
  if (legal.draw) main.push({ action: 'draw', label: label('action.draw'), enabled: !busy, kind: 'primary', event: act('draw') });
  if (legal.declareMahjong) main.push({ action: 'declare', label: label('action.declare'), enabled: !busy, kind: '', event: act('declare') });
  if (canAccept(legal)) main.push({ action: 'accept', label: label('action.accept'), enabled: !busy, kind: 'primary', event: act('accept') });
  if (legal.dispute) main.push({ action: 'dispute', label: label('action.dispute'), enabled: !busy, kind: 'danger', event: act('dispute') });
  if (legal.redeal) main.push({ action: 'redeal', label: label('action.redeal'), enabled: !busy, kind: 'primary', event: act('redeal') });

  const menu = legal.declareMisdeal ? { misdeal: { action: 'misdeal', label: label('action.misdeal'), enabled: !busy, kind: 'danger' as const, event: act('misdeal') } } : null;

  const pending = confirming ? context.pending : null;
  const confirm =
    pending === null
      ? null
      : {
          text: confirmText(locale, pending, seatView.courtesy === null ? null : seatLabel(locale, seatView.courtesy.partner, context.table?.names), directionName(context), legal.dispute),
          confirm: { action: 'confirm', label: label('action.confirm'), enabled: true, kind: pending.type === 'misdeal.declare' ? ('primary danger' as const) : ('primary' as const), event: { type: 'confirm' } as FlowEvent },
          cancel: { action: 'cancel', label: label('action.cancel'), enabled: true, kind: '' as const, event: { type: 'cancel' } as FlowEvent },
        };

  const suggested = context.showHint ? hint.tiles : [];
  const rack: RackTileProps[] = seatView.rack.map((tile) => ({
    id: tile.id,
    tile: tile.tile,
    pressed: context.chosen.includes(tile.id),
    suggested: suggested.includes(tile.tile),
    event: { type: 'tile.toggle', id: tile.id },
  }));

  page.seat = {
    view: seatView,
    blind,
    vote,
    offer,
    main,
    menu,
    confirm,
    slots: {
      need,
      blind: legal.pass !== null ? context.blind : 0,
      chosen: context.chosen.map((id) => seatView.rack.find((tile) => tile.id === id)).filter((tile): tile is TileView => tile !== undefined),
    },
    choiceLine: choiceStatus(context),
    hint: context.showHint ? hint.text : null,
    misdealNote: seatView.misdeal === null ? null : misdealText(locale, seatView.misdeal, context.table?.names),
    voteNote: voteNote(locale, seatView, stoppedByOf(seatView) !== null),
    rack,
    submit: legal.pass !== null ? act('pass') : legal.courtesy !== null ? act('give') : null,
  };
  return page;
}
