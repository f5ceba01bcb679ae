/**
 * The table panel, drawn from `charleston.table` messages only: the visible seats' racks as tile chips, each
 * seat's packet face down (backs only; the page's own seat in seat mode may see its packet's faces), who still
 * has to act, votes, courtesy offers, phase, hand and misdeal reason; and the legal-action buttons built from
 * `legal` (select tiles in a rack, then Pass / Courtesy commit).
 */
import type { LegalActions } from '../../legal.js';
import type { TableMessage } from '../protocol.js';
import { SEATS, type Seat } from '../../seats.js';
import type { Tile } from '../../tiles.js';
import type { CharlestonEvent } from '../../types.js';
import type { SeatView, TileView } from '../../views.js';

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

/** Passes (pass states) always hold three tiles face down. */
const PASS_PHASES = new Set(['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left', 'secondCharleston.left', 'secondCharleston.across', 'secondCharleston.right']);

interface SeatUi {
  /** Selected tile ids, in click order. */
  selected: number[];
  blind: number;
}

export interface TablePanelOptions {
  send(event: CharlestonEvent): boolean;
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

/** Renders the table panel into `root` on each `render` call; keeps tile selections between renders. */
export class TablePanel {
  private readonly ui = new Map<Seat, SeatUi>();
  private table: TableMessage | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly options: TablePanelOptions,
  ) {}

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
    const head = h('div', 'table-head');
    const phase = h('span', 'phase');
    phase.append('Phase ', h('b', '', table.phase));
    head.append(phase, h('span', 'hand', `Hand ${table.public.hand}`), h('span', 'mode', table.mode === 'all' ? 'All seats' : `Seat: ${table.mode}`));
    const waiting = first?.waitingFor ?? [];
    const waitingEl = h('span', 'waiting-for');
    waitingEl.id = 'waiting-for';
    waitingEl.textContent = waiting.length > 0 ? `Waiting for ${waiting.join(', ')}` : 'Waiting for nobody';
    head.appendChild(waitingEl);
    if (first?.northShort) head.appendChild(h('span', 'note', 'North is short (12): may draw'));
    if (first?.stopped !== null && first?.stopped !== undefined) head.appendChild(h('span', 'note', first.stopped ? 'Charleston stopped' : 'Second Charleston'));
    if (table.source) head.appendChild(h('span', 'source', table.source));
    const parts: HTMLElement[] = [head];
    if (first?.misdeal) {
      const misdeal = h('div', 'misdeal');
      misdeal.id = 'misdeal';
      misdeal.textContent = `Misdeal${first.misdeal.by ? ` declared by ${first.misdeal.by}` : ''}: ${first.misdeal.reason}`;
      parts.push(misdeal);
    }
    const redeal = SEATS.some((seat) => table.legal[seat]?.redeal === true);
    if (redeal) {
      const bar = h('div', 'table-actions');
      bar.appendChild(button('Redeal (hand.redeal)', 'act redeal', () => this.options.send({ type: 'hand.redeal' })));
      parts.push(bar);
    }
    const seats = h('div', `seats mode-${table.mode === 'all' ? 'all' : 'seat'}`);
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
    const header = h('header');
    header.append(h('b', 'seat-name', cap(seat)), h('span', 'count', `${view.counts[seat]} tiles`));
    if (waiting) header.appendChild(h('span', 'badge to-act', 'to act'));
    if (view.vote) header.appendChild(h('span', `badge vote vote-${view.vote}`, `vote: ${view.vote}`));
    if (view.courtesy) {
      const { offer, agreed } = view.courtesy;
      header.appendChild(h('span', 'badge courtesy', `offer ${offer ?? '–'} · agreed ${agreed ?? '–'}`));
    }
    box.appendChild(header);

    const selectable = new Set<string>([...(legal?.pass?.from ?? []), ...(legal?.courtesy?.from ?? [])]);
    const limit = legal?.pass ? 3 - ui.blind : (legal?.courtesy?.count ?? 0);
    const rack = h('div', 'rack');
    for (const tile of view.rack) rack.appendChild(this.tileChip(seat, tile, ui, selectable.has(tile.tile), limit));
    box.appendChild(rack);

    const onTable = h('span', 'on-table');
    if (view.packet) {
      onTable.appendChild(h('span', 'label', 'on table'));
      if (table.mode === seat) {
        // seat mode: the page's own packet (its own tiles; blind tiles stay unseen)
        const faces = h('span', 'packet-faces');
        for (const tile of view.packet.tiles) faces.appendChild(this.staticChip(tile));
        onTable.appendChild(faces);
        if (view.packet.blind > 0) onTable.appendChild(backs(view.packet.blind, `${view.packet.blind} forwarded blind`));
      } else {
        onTable.appendChild(backs(view.packet.tiles.length + view.packet.blind, 'packet face down'));
      }
    } else if (view.packetOnTable[seat]) {
      onTable.appendChild(h('span', 'label', 'on table'));
      onTable.appendChild(backs(3, 'packet face down'));
    }
    if (onTable.childElementCount > 0) header.appendChild(onTable);

    const foot = h('div', 'seat-foot');
    if (legal) foot.appendChild(this.actions(seat, legal, ui, limit));
    if (view.received.length > 0) {
      const received = h('span', 'received');
      received.appendChild(h('span', 'label', 'received'));
      for (const tile of view.received) received.appendChild(this.staticChip(tile));
      foot.appendChild(received);
    }
    if (foot.childElementCount > 0) box.appendChild(foot);
    return box;
  }

  /** A seat the page does not see (seat mode): tile count, packet backs, waiting. */
  private renderOther(table: TableMessage, seat: Seat, waiting: boolean): HTMLElement {
    const box = h('div', `seat other seat-${seat}${waiting ? ' waiting' : ''}`);
    box.dataset['seat'] = seat;
    const header = h('header');
    header.append(h('b', 'seat-name', cap(seat)), h('span', 'count', `${table.public.counts[seat]} tiles`));
    if (waiting) header.appendChild(h('span', 'badge to-act', 'to act'));
    const me = table.mode === 'all' ? undefined : table.views[table.mode];
    if (me?.packetOnTable[seat]) {
      const partner = me.courtesy?.partner === seat ? me.courtesy.agreed : null;
      const count = PASS_PHASES.has(table.phase) ? 3 : (partner ?? 1);
      header.appendChild(backs(count, 'packet on table, face down'));
    }
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
    chip.title = tile.tile === 'J' ? 'Joker (never passed)' : tile.tile === 'F' ? 'Flower' : tile.tile;
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
        select.title = 'Tiles forwarded blind';
        for (const blind of pass.blind) {
          const option = h('option', '', `blind ${blind}`);
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
        button(`Pass ${tiles.length}/${limit}`, 'act pass-commit', () => {
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
        button(`Courtesy commit ${tiles.length}/${count}`, 'act courtesy-commit', () => send({ type: 'courtesy.commit', seat, tiles }), tiles.length !== count),
      );
    }
    if (legal.retract) bar.appendChild(button('Retract', 'act retract', () => send({ type: 'pass.retract', seat })));
    for (const vote of legal.vote) bar.appendChild(button(`Vote ${vote}`, `act vote-${vote}`, () => send({ type: 'vote.cast', seat, vote })));
    if (legal.offer.length > 0) {
      const group = h('span', 'action-group offer');
      group.appendChild(h('span', 'label', 'Offer'));
      for (const count of legal.offer) group.appendChild(button(String(count), 'act offer', () => send({ type: 'courtesy.offer', seat, count })));
      bar.appendChild(group);
    }
    if (legal.draw) bar.appendChild(button('Draw', 'act draw', () => send({ type: 'wall.draw', seat })));
    if (legal.declareMahjong) bar.appendChild(button('Declare mahjong', 'act mahjong', () => send({ type: 'hand.declareMahjong', seat })));
    if (legal.declareMisdeal) bar.appendChild(button('Misdeal', 'act misdeal quiet', () => send({ type: 'misdeal.declare', seat })));
    if (bar.childElementCount === 0) bar.appendChild(h('span', 'none', 'No action'));
    return bar;
  }
}
