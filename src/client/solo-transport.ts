/**
 * Solo practice: the engine runs in the page (the library embedded as a client embeds it) with the person at
 * East and teacher bots at the other seats. No request leaves the page: the table, the bots and the views are
 * all here. Bots act one move at a time on a short timer (the host's timer, not the engine's), so the person
 * sees who the table waits for.
 */
import { fromCallback } from 'xstate';
import {
  SEATS,
  createCharleston,
  legalActions,
  viewFor,
  type CharlestonService,
  type Seat,
} from '../index.js';
import { teacherStrategy } from '../entries/bots.js';
import type { FlowInput } from './flow.machine.js';
import type { TransportCommand, TransportReport } from './transport.js';

/** How solo practice is set up. */
export interface SoloOptions {
  /** The deal's seed (a replayable deal); by default the engine's unpredictable one. */
  seed?: number;
  /** The person's seat (East by default). */
  seat?: Seat;
  /** Milliseconds between two bot moves (default 60; 0 acts at the next turn of the event loop). */
  botDelay?: number;
  /** Called with the table once it exists (for the page's own tools, e.g. an inspector). */
  onTable?: (table: CharlestonService) => void;
}

/** The next bot move at this table: a bot seat the table waits for, and the teacher's event for it. */
export function nextBotMove(table: CharlestonService, person: Seat): { seat: Seat; event: NonNullable<ReturnType<typeof teacherStrategy.act>> } | null {
  const snapshot = table.getSnapshot();
  for (const seat of SEATS) {
    if (seat === person) continue;
    const event = teacherStrategy.act(viewFor(snapshot, seat), legalActions(snapshot, seat), () => 0);
    if (event !== null) return { seat, event };
  }
  return null;
}

/** The transport of solo practice, for the flow machine. */
export function soloTransport(options: SoloOptions = {}) {
  return fromCallback<TransportCommand, FlowInput, TransportReport>(({ sendBack, receive }) => {
    const person = options.seat ?? 'east';
    // Without a seed the engine draws an unpredictable one from the platform's cryptographic source.
    const table = createCharleston(options.seed === undefined ? {} : { seed: options.seed });
    options.onTable?.(table);
    let version = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    // The same shape as the service's view messages: the seat's view and its legal actions at that version (the
    // core's `legalActions`, as the service computes its `actions`), so the flow reads both transports alike.
    const report = (): void => {
      const snapshot = table.getSnapshot();
      sendBack({ type: 'transport.view', version, view: viewFor(snapshot, person), legal: legalActions(snapshot, person) });
    };
    const schedule = (): void => {
      if (timer !== null || stopped) return;
      timer = setTimeout(() => {
        timer = null;
        const move = nextBotMove(table, person);
        if (move === null) return;
        if (table.send(move.event).ok) version += 1;
        report();
        schedule();
      }, options.botDelay ?? 60);
    };

    receive((command) => {
      const result = table.send(command.event);
      if (result.ok) {
        version += 1;
        sendBack({ type: 'transport.result', id: command.id, ok: true });
      } else {
        sendBack({ type: 'transport.result', id: command.id, ok: false, refusal: result.refusal });
      }
      report();
      schedule();
    });
    report();
    schedule();
    return () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      table.stop();
    };
  });
}
