/** `charleston play`: a whole hand with four bots, printed as it goes. */
import { ct } from './i18n/catalog.js';
import {
  SEATS,
  createCharleston,
  isSeed,
  type BySeat,
  type Locale,
} from '../index.js';
import { STRATEGIES, playHand, type Strategy } from '../entries/bots.js';
import { formatAccepted, formatPhaseHeader, formatRacks, formatRefused } from './format.js';
import type { Io } from './io.js';

/** Parses `--seats a,b,c,d` (one name for all four is accepted too); the problem, in `locale`, as a string. */
export function parseSeats(text: string | undefined, locale: Locale = 'en'): BySeat<Strategy> | string {
  const names = text === undefined ? ['teacher'] : text.split(',').map((name) => name.trim());
  if (names.length !== 1 && names.length !== 4) return ct(locale, 'cli.badSeatCount', { count: names.length });
  const unknown = names.find((name) => !Object.prototype.hasOwnProperty.call(STRATEGIES, name));
  if (unknown !== undefined) return ct(locale, 'cli.unknownStrategy', { name: JSON.stringify(unknown), known: Object.keys(STRATEGIES).join(', ') });
  const pick = (index: number): Strategy => STRATEGIES[names[names.length === 1 ? 0 : index] as string] as Strategy;
  return { east: pick(0), south: pick(1), west: pick(2), north: pick(3) };
}

/** A bot table from `--seed` and `--seats`, or the problem with them in `locale` (for play and inspect). */
export function parseBotTable(
  seedArg: string | undefined,
  seatsArg: string | undefined,
  locale: Locale = 'en',
): { seed: number; strategies: BySeat<Strategy> } | string {
  const seed = seedArg === undefined ? 1 : Number(seedArg);
  if (seedArg !== undefined && (!/^\d+$/.test(seedArg) || !isSeed(seed))) return ct(locale, 'cli.badSeed', { value: JSON.stringify(seedArg) });
  const strategies = parseSeats(seatsArg, locale);
  return typeof strategies === 'string' ? strategies : { seed, strategies };
}

/** Runs the play command; returns the exit code. */
export function playCommand(args: { seed: string | undefined; seats: string | undefined; json: boolean; locale?: Locale }, io: Io): number {
  const locale = args.locale ?? 'en';
  const table = parseBotTable(args.seed, args.seats, locale);
  if (typeof table === 'string') {
    io.err(table);
    return 2;
  }
  const { seed, strategies } = table;
  const service = createCharleston({ seed, locale });
  let lastPhase: string = service.phase;
  if (!args.json) {
    const seats = SEATS.map((seat) => ct(locale, 'cli.playSeat', { seat, strategy: strategies[seat].name })).join(', ');
    io.out(ct(locale, 'cli.playStart', { seed, seats }));
    io.out(formatPhaseHeader(service.phase, service.context.hand, locale));
    formatRacks(service, locale).forEach((line) => io.out(line));
  }
  const outcome = playHand({
    service,
    botSeed: seed,
    strategies,
    onEvent: ({ by, event, result }, service) => {
      if (args.json) {
        io.out(JSON.stringify({ by, event, ...(result.ok ? { phase: result.phase } : { refusal: result.refusal }) }));
        return;
      }
      io.out(`  ${result.ok ? formatAccepted(event, result.phase, locale) : formatRefused(event, result.refusal, locale)}`);
      if (service.phase !== lastPhase) {
        io.out(formatPhaseHeader(service.phase, service.context.hand, locale));
        formatRacks(service, locale).forEach((line) => io.out(line));
        lastPhase = service.phase;
      }
    },
  });
  if (!args.json) io.out(ct(locale, 'cli.playEnd', { mark: outcome.phase === 'complete' ? '✓' : '■', phase: outcome.phase, count: outcome.eventCount }));
  return 0;
}
