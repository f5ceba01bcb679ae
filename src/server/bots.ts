/**
 * Bots on the server. A bot seat acts when the table waits for it, wherever the table is being served: its move
 * is one more event committed under the table row's lock and only at the version it was chosen for, so if two
 * nodes choose a move for the same turn, the second finds the version moved on and does nothing. Bot choices are
 * seeded from the hand's seed and the version: the same turn always gets the same move.
 */
import { SEATS, chachaWords, legalActions, phaseOfSnapshot, viewFor, waitingFor, type CharlestonEvent, type Seat } from '../index.js';
import { mulberry32 } from '../entries/rules.js';
import { STRATEGIES } from '../entries/bots.js';
import { botSeats } from './players.js';
import type { SendReply, Sender } from './protocol.js';
import type { CachedTable } from './cache.js';

/** What the bots need of their host (the node: its change feed and its commands): read a table, submit a move. Nothing else. */
export interface BotHost {
  /** The table as committed (loaded on demand); throws when there is no such table. */
  table(id: string): Promise<CachedTable>;
  /** Submits a bot's move at the version it was chosen for; null when that turn was taken meanwhile. */
  submit(id: string, sender: Extract<Sender, { kind: 'bot' }>, event: unknown): Promise<SendReply | null>;
}

/** The bots' randomness for a table at its version: any node computes the same for the same turn. */
function botRandom(table: CachedTable): () => number {
  const seed = table.snapshot.context.seed;
  const seedWord = typeof seed === 'number' ? seed : chachaWords(seed, 'bots')();
  const next = mulberry32((seedWord ^ Math.imul(table.version + 1, 0x9e3779b1)) >>> 0);
  return () => next() / 0x1_0000_0000;
}

/** True while a human seat has not yet voted at the stop checkpoint: the bots wait so that nobody's vote is skipped. */
export function isWaitingForHumanVotes(table: CachedTable): boolean {
  if (phaseOfSnapshot(table.snapshot) !== 'stopCheckpoint') return false;
  return SEATS.some((seat) => table.players[seat] === 'human' && table.snapshot.context.votes[seat] === null);
}

/** The teacher's move for `seat` (a person whose clock ran out): one decision, or null when it has none. */
export function teacherMove(table: CachedTable, seat: Seat): CharlestonEvent | null {
  const snapshot = table.snapshot;
  const teacher = STRATEGIES.teacher;
  if (teacher === undefined) return null;
  return teacher.act(viewFor(snapshot, seat), legalActions(snapshot, seat), botRandom(table));
}

/** The next bot move of a table, or null when it waits for a person (or the hand is over). */
export function nextBotMove(table: CachedTable): { seat: Seat | 'table'; event: CharlestonEvent } | null {
  const bots = botSeats(table.players);
  if (bots.length === 0) return null;
  const snapshot = table.snapshot;
  const phase = phaseOfSnapshot(snapshot);
  if (phase === 'complete' || phase === 'eastMahjong') return null;
  if (phase === 'misdeal') return bots.length === SEATS.length ? { seat: 'table', event: { type: 'hand.redeal' } } : null;
  // At the stop checkpoint, bots vote only once every person has (a bot's instant "stop" would skip their vote).
  if (isWaitingForHumanVotes(table)) return null;
  // The bots' choices follow the table's seed and version: any node computes the same move for the same turn.
  const random = botRandom(table);
  const waiting = waitingFor(phase, snapshot.context);
  for (const seat of bots) {
    if (!waiting.includes(seat)) continue; // a bot acts when the table waits for it, once per turn
    const strategy = STRATEGIES[table.players[seat]];
    if (strategy === undefined) continue;
    const event = strategy.act(viewFor(snapshot, seat), legalActions(snapshot, seat), random);
    if (event !== null) return { seat, event };
  }
  return null;
}

/** Commits bot moves one at a time until the table waits for a person, at most `burst` in a row. */
export async function runBotTurns(host: BotHost, id: string, burst: number): Promise<void> {
  for (let moves = 0; moves < burst; moves += 1) {
    const table = await host.table(id);
    const move = nextBotMove(table);
    if (move === null) return;
    const reply = await host.submit(id, { kind: 'bot', seat: move.seat, expectedVersion: table.version }, move.event);
    if (reply === null) return; // another node took this turn
    if (!reply.ok) {
      process.emitWarning(`charleston: bot ${move.seat} on table ${id} was refused (${reply.refusal.code}); bots stop on this table until the next change`);
      return;
    }
  }
}
