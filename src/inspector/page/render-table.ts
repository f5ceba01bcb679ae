/**
 * The table panel, drawn from `charleston.table` messages only: the visible seats' racks as tile chips, each
 * seat's packet face down (backs only; the page's own seat in seat mode may see its packet's faces), who still
 * has to act, votes, courtesy offers, phase, hand and misdeal reason; and the legal-action buttons built from
 * `legal` (select tiles in a rack, then Pass / Courtesy commit).
 */
import { SEATS, t, type CharlestonEvent, type LegalActions, type Locale, type Seat, type SeatView, type Tile, type TileView } from '../../index.js';
import { misdealText, promptFor } from '../../entries/i18n.js';
import { label } from './labels.js';
import { phaseText } from './log.js';
import type { TableMessage } from '../protocol.js';

/** A hand of the card close to a seat's rack, as a view carries it. */
interface ClosestHandView {
  section: string;
  text: string;
  missing: number;
}

/** A view's `closest`, read defensively: null when absent; malformed entries dropped. */
export function closestOf(value: unknown): ClosestHandView[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((each): each is ClosestHandView => typeof each === 'object' && each !== null && typeof each.text === 'string' && typeof each.section === 'string' && Number.isInteger(each.missing)).slice(0, 3);
}

/** The CSS class of a tile code: suit, honours, flower, joker. */
export function tileClass(code: string): string {
  if (code === 'J') return 'joker';
  if (code === 'F') return 'flower';
  if (code === 'RD' || code === 'GD' || code === 'WD') return `dragon dragon-${code.toLowerCase()}`;
  if (code === 'N' || code === 'E' || code === 'W' || code === 'S') return 'wind';
  if (/^[1-9]B$/.test(code)) return 'bam';
  if (/^[1-9]C$/.test(code)) return 'crak';
  if (/^[1-9]D$/.test(code)) return 'dot';
  return 'other';
}

interface SeatUi {
  /** Selected tile ids, in click order. */
  selected: number[];
  blind: number;
}

/** What the table panel needs: a way to send a seat's event, and the page's language. */
export interface TablePanelOptions {
  send(event: CharlestonEvent): boolean;
  /** The page's language (default English). */
  locale?: Locale;
}

function h<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', content?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined) node.textContent = content;
  return node;
}

function button(label: string, className: string, onClick: () => void, disabled = false): HTMLButtonElement {
  const node = h('button', className, label);
  node.type = 'button';
  node.disabled = disabled;
  node.addEventListener('click', onClick);
  return node;
}

function backs(count: number, label: string): HTMLElement {
  const wrap = h('span', 'backs');
  wrap.title = label;
  for (let i = 0; i < count; i += 1) wrap.appendChild(h('span', 'tile back', ''));
  return wrap;
}

const cap = (seat: string): string => seat.charAt(0).toUpperCase() + seat.slice(1);

/** Pass directions of the six pass states, for the ROLLOR reminder. */
const FIRST_OR_SECOND = /^(first|second)Charleston\./;

/** Renders the table panel into `root` on each `render` call; keeps tile selections between renders. */
export class TablePanel {
  private readonly ui = new Map<Seat, SeatUi>();
  private table: TableMessage | null = null;
  private readonly locale: Locale;

  constructor(
    private readonly root: HTMLElement,
    private readonly options: TablePanelOptions,
  ) {
    this.locale = options.locale ?? 'en';
  }

  /** A seat's name: `East` in English (as before), the seeds' word in the other languages. */
  private seatName(seat: Seat): string {
    return this.locale === 'en' ? cap(seat) : t(this.locale, `seat.${seat}`);
  }

  private seatUi(seat: Seat): SeatUi {
    let ui = this.ui.get(seat);
    if (!ui) {
      ui = { selected: [], blind: 0 };
      this.ui.set(seat, ui);
    }
    return ui;
  }

  render(table: TableMessage | null): void {
    this.table = table;
    this.root.hidden = table === null;
    if (!table) {
      this.root.replaceChildren();
      return;
    }
    const views = table.views;
    const first = SEATS.map((seat) => views[seat]).find((view): view is SeatView => view !== undefined);
    const locale = this.locale;
    const head = h('div', 'table-head');
    const phase = h('span', 'phase');
    const phaseName = h('b', '', phaseText(table.phase, locale));
    phaseName.dataset['phase'] = table.phase;
    phaseName.title = table.phase;
    phase.append(`${label(locale, 'phase')} `, phaseName);
    const mode = label(locale, 'allSeats');
    head.append(phase, h('span', 'hand', label(locale, 'hand', { hand: table.public.hand })), h('span', 'mode', mode));
    const waiting = first?.waitingFor ?? [];
    const waitingEl = h('span', 'waiting-for');
    waitingEl.id = 'waiting-for';
    const waitingNames = waiting.map((seat) => (locale === 'en' ? seat : this.seatName(seat)));
    waitingEl.textContent = waiting.length > 0 ? label(locale, 'waitingFor', { seats: waitingNames.join(', ') }) : label(locale, 'waitingNobody');
    head.appendChild(waitingEl);
    if (first?.northShort) head.appendChild(h('span', 'note', label(locale, 'northShort')));
    if (first?.stopped !== null && first?.stopped !== undefined) head.appendChild(h('span', 'note', label(locale, first.stopped ? 'stopped' : 'secondCharleston')));
    if (table.source) head.appendChild(h('span', 'source', table.source));
    const parts: HTMLElement[] = [head];
    if (FIRST_OR_SECOND.test(table.phase)) {
      const mnemonic = h('div', 'mnemonic muted', label(locale, 'mnemonic'));
      mnemonic.id = 'mnemonic';
      parts.push(mnemonic);
    }
    if (first?.misdeal) {
      const misdeal = h('div', 'misdeal');
      misdeal.id = 'misdeal';
      const by = first.misdeal.by;
      const reason = misdealText(locale, first.misdeal); // the views carry codes only: worded here, in the page's language
      misdeal.textContent = by
        ? label(locale, 'misdealBy', { seat: locale === 'en' ? by : this.seatName(by), reason })
        : label(locale, 'misdeal', { reason });
      parts.push(misdeal);
    }
    const redeal = SEATS.some((seat) => table.legal[seat]?.redeal === true);
    if (redeal) {
      const bar = h('div', 'table-actions');
      bar.appendChild(button(label(locale, 'redeal'), 'act redeal', () => this.options.send({ type: 'hand.redeal' })));
      parts.push(bar);
    }
    const seats = h('div', 'seats mode-all');
    for (const seat of SEATS) {
      const view = views[seat];
      if (view) seats.appendChild(this.renderSeat(table, seat, view, waiting.includes(seat)));
      else seats.appendChild(this.renderOther(table, seat, waiting.includes(seat)));
    }
    parts.push(seats);
    this.root.replaceChildren(...parts);
  }

  private rerender(): void {
    this.render(this.table);
  }

  /** A seat the page sees: rack, packet, state, actions. */
  private renderSeat(table: TableMessage, seat: Seat, view: SeatView, waiting: boolean): HTMLElement {
    const legal = table.legal[seat];
    const ui = this.seatUi(seat);
    const rackIds = new Set(view.rack.map((tile) => tile.id));
    ui.selected = ui.selected.filter((id) => rackIds.has(id));
    if (legal?.pass && !legal.pass.blind.includes(ui.blind)) ui.blind = legal.pass.blind[0] ?? 0;
    const box = h('div', `seat seat-${seat}${waiting ? ' waiting' : ''}`);
    box.dataset['seat'] = seat;
    const locale = this.locale;
    const header = h('header');
    header.append(h('b', 'seat-name', this.seatName(seat)), h('span', 'count', t(locale, 'plural.tiles', { count: view.counts[seat] })));
    if (waiting) header.appendChild(h('span', 'badge to-act', label(locale, 'toAct')));
    if (view.vote) header.appendChild(h('span', `badge vote vote-${view.vote}`, label(locale, 'vote', { vote: label(locale, `vote.${view.vote}`) })));
    if (view.courtesy) {
      const { offer, agreed } = view.courtesy;
      header.appendChild(h('span', 'badge courtesy', label(locale, 'offerAgreed', { offer: offer ?? '–', agreed: agreed ?? '–' })));
    }
    box.appendChild(header);
    const prompt = h('p', 'prompt', promptFor(locale, view));
    prompt.dataset['seat'] = seat;
    box.appendChild(prompt);

    const selectable = new Set<string>([...(legal?.pass?.from ?? []), ...(legal?.courtesy?.from ?? [])]);
    const limit = legal?.pass ? 3 - ui.blind : (legal?.courtesy?.count ?? 0);
    const rack = h('div', 'rack');
    for (const tile of view.rack) rack.appendChild(this.tileChip(seat, tile, ui, selectable.has(tile.tile), limit));
    box.appendChild(rack);

    const onTable = h('span', 'on-table');
    if (view.packet) {
      onTable.appendChild(h('span', 'label', label(locale, 'onTable')));
      onTable.appendChild(backs(view.packet.tiles.length + view.packet.blind, label(locale, 'packetFaceDown')));
    } else if (view.packetOnTable[seat]) {
      onTable.appendChild(h('span', 'label', label(locale, 'onTable')));
      onTable.appendChild(backs(3, label(locale, 'packetFaceDown')));
    }
    if (onTable.childElementCount > 0) header.appendChild(onTable);

    const foot = h('div', 'seat-foot');
    if (legal) foot.appendChild(this.actions(seat, legal, ui, limit));
    if (view.received.length > 0) {
      const received = h('span', 'received');
      received.appendChild(h('span', 'label', label(locale, 'received')));
      for (const tile of view.received) received.appendChild(this.staticChip(tile));
      foot.appendChild(received);
    }
    if (foot.childElementCount > 0) box.appendChild(foot);
    const closest = closestOf((view as SeatView & { closest?: unknown }).closest);
    if (closest !== null && closest.length > 0) box.appendChild(this.closestList(closest));
    return box;
  }

  /** A seat's closest hands on the table's card (when its view carries them): the hand, its section, how far. */
  private closestList(closest: readonly ClosestHandView[]): HTMLElement {
    const list = h('ol', 'closest');
    list.dataset['closest'] = '';
    list.title = label(this.locale, 'closest');
    for (const hand of closest) {
      const item = h('li', '', `${hand.text}${hand.section === '' ? '' : ` (${hand.section})`} · ${label(this.locale, 'tilesAway', { count: hand.missing })}`);
      item.dataset['missing'] = String(hand.missing);
      list.appendChild(item);
    }
    return list;
  }

  /** A seat the page does not see (seat mode): tile count, packet backs, waiting. */
  private renderOther(table: TableMessage, seat: Seat, waiting: boolean): HTMLElement {
    const box = h('div', `seat other seat-${seat}${waiting ? ' waiting' : ''}`);
    box.dataset['seat'] = seat;
    const header = h('header');
    header.append(h('b', 'seat-name', this.seatName(seat)), h('span', 'count', t(this.locale, 'plural.tiles', { count: table.public.counts[seat] })));
    if (waiting) header.appendChild(h('span', 'badge to-act', label(this.locale, 'toAct')));
    box.appendChild(header);
    return box;
  }

  private staticChip(tile: TileView): HTMLElement {
    const chip = h('span', `tile ${tileClass(tile.tile)}`, tile.tile);
    chip.dataset['tile'] = tile.tile;
    return chip;
  }

  private tileChip(seat: Seat, tile: TileView, ui: SeatUi, selectable: boolean, limit: number): HTMLElement {
    const selected = ui.selected.includes(tile.id);
    const chip = h('button', `tile ${tileClass(tile.tile)}${selected ? ' selected' : ''}`, tile.tile);
    chip.type = 'button';
    chip.dataset['tile'] = tile.tile;
    chip.dataset['id'] = String(tile.id);
    chip.disabled = !selectable && !selected;
    chip.title = tile.tile === 'J' ? label(this.locale, 'joker') : tile.tile === 'F' ? label(this.locale, 'flower') : tile.tile;
    chip.addEventListener('click', () => {
      if (selected) ui.selected = ui.selected.filter((id) => id !== tile.id);
      else if (ui.selected.length < limit) ui.selected = [...ui.selected, tile.id];
      else if (limit > 0) ui.selected = [...ui.selected.slice(1), tile.id];
      this.rerender();
    });
    void seat;
    return chip;
  }

  private codesOf(seat: Seat, ui: SeatUi): Tile[] {
    const rack = this.table?.views[seat]?.rack ?? [];
    return ui.selected.map((id) => rack.find((tile) => tile.id === id)?.tile).filter((code): code is Tile => code !== undefined);
  }

  private actions(seat: Seat, legal: LegalActions, ui: SeatUi, limit: number): HTMLElement {
    const bar = h('div', 'actions');
    const send = (event: CharlestonEvent): void => {
      if (this.options.send(event)) ui.selected = [];
      this.rerender();
    };
    if (legal.pass) {
      const pass = legal.pass;
      const group = h('span', 'action-group pass');
      if (pass.blind.length > 1 || (pass.blind[0] ?? 0) > 0) {
        const select = h('select', 'blind');
        select.title = label(this.locale, 'blindTitle');
        for (const blind of pass.blind) {
          const option = h('option', '', label(this.locale, 'blindOption', { count: blind }));
          option.value = String(blind);
          option.selected = blind === ui.blind;
          select.appendChild(option);
        }
        select.addEventListener('change', () => {
          ui.blind = Number(select.value);
          ui.selected = ui.selected.slice(0, 3 - ui.blind);
          this.rerender();
        });
        group.appendChild(select);
      }
      const tiles = this.codesOf(seat, ui);
      const ready = tiles.length === limit;
      group.appendChild(
        button(label(this.locale, 'passButton', { selected: tiles.length, limit }), 'act pass-commit', () => {
          const event: Extract<CharlestonEvent, { type: 'pass.commit' }> = { type: 'pass.commit', seat, tiles };
          if (ui.blind > 0) event.blind = ui.blind;
          send(event);
        }, !ready),
      );
      bar.appendChild(group);
    }
    if (legal.courtesy) {
      const count = legal.courtesy.count;
      const tiles = this.codesOf(seat, ui);
      bar.appendChild(
        button(label(this.locale, 'courtesyButton', { selected: tiles.length, count }), 'act courtesy-commit', () => send({ type: 'courtesy.commit', seat, tiles }), tiles.length !== count),
      );
    }
    if (legal.retract) bar.appendChild(button(label(this.locale, 'retract'), 'act retract', () => send({ type: 'pass.retract', seat })));
    for (const vote of legal.vote) bar.appendChild(button(label(this.locale, 'voteButton', { vote: label(this.locale, `vote.${vote}`) }), `act vote-${vote}`, () => send({ type: 'vote.cast', seat, vote })));
    if (legal.offer.length > 0) {
      const group = h('span', 'action-group offer');
      group.appendChild(h('span', 'label', label(this.locale, 'offer')));
      for (const count of legal.offer) group.appendChild(button(String(count), 'act offer', () => send({ type: 'courtesy.offer', seat, count })));
      bar.appendChild(group);
    }
    if (legal.draw) bar.appendChild(button(label(this.locale, 'draw'), 'act draw', () => send({ type: 'wall.draw', seat })));
    if (legal.declareMahjong) bar.appendChild(button(label(this.locale, 'declareMahjong'), 'act mahjong', () => send({ type: 'hand.declareMahjong', seat })));
    if (legal.acceptDeclaration) bar.appendChild(button(label(this.locale, 'acceptDeclaration'), 'act accept', () => send({ type: 'declaration.accept', seat })));
    if (legal.declareMisdeal) bar.appendChild(button(label(this.locale, 'misdealButton'), 'act misdeal quiet', () => send({ type: 'misdeal.declare', seat })));
    if (bar.childElementCount === 0) bar.appendChild(h('span', 'none', label(this.locale, 'noAction')));
    return bar;
  }
}
