/** Readable trace lines for the CLI (plain text, no colours, so logs and tests read the same). */
import type { Locale } from '../i18n/catalog.js';
import { refusalMessage, t } from '../i18n/translate.js';
import { REFUSAL_CODES, type RefusalCode } from '../types.js';
import { SEATS } from '../seats.js';
import type { CharlestonService } from '../service.js';
import { facesOf } from '../tiles.js';
import type { StepFailure, StepResult } from '../script/run.js';

/** One event, compactly: `east pass.commit [1B 2B 3B] blind=1`. */
export function formatEvent(event: unknown): string {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return JSON.stringify(event);
  const { type, seat, ...rest } = event as Record<string, unknown>;
  const head = [typeof seat === 'string' ? seat : undefined, typeof type === 'string' ? type : JSON.stringify(type)]
    .filter((part) => part !== undefined)
    .join(' ');
  const details = Object.entries(rest).map(([key, value]) =>
    key === 'tiles' && Array.isArray(value) ? `[${value.map(String).join(' ')}]` : `${key}=${JSON.stringify(value)}`,
  );
  return [head, ...details].join(' ');
}

function describeFailure(failure: StepFailure, locale: Locale): string {
  return t(locale, 'cli.failure', { check: failure.check, expected: JSON.stringify(failure.expected), actual: JSON.stringify(failure.actual) });
}

/** A refusal line's tail: `event ✗ CODE: message`, the message in `locale` (codes never change). */
export function formatRefused(event: unknown, refusal: { code: string; message?: string; params?: Readonly<Record<string, string | number>> } | undefined, locale: Locale = 'en'): string {
  const code = refusal?.code;
  const localize = refusal?.params !== undefined && locale !== 'en' && (REFUSAL_CODES as readonly string[]).includes(code ?? '');
  const message = localize ? refusalMessage(locale, code as RefusalCode, refusal?.params) : (refusal?.message ?? '');
  return t(locale, 'cli.refused', { event: formatEvent(event), code: String(refusal?.code), message });
}

/** An accepted event: `event → phase` (English prints the phase id, other locales its name). */
export function formatAccepted(event: unknown, phase: string, locale: Locale = 'en'): string {
  return t(locale, 'cli.accepted', { event: formatEvent(event), phase });
}

/** The header printed when the phase changes: `── phase (hand N)`. */
export function formatPhaseHeader(phase: string, hand: number, locale: Locale = 'en'): string {
  return t(locale, 'cli.phaseHeader', { phase, hand });
}

/** The lines of one step, in `locale` (English by default, exactly as it has always printed). */
export function formatStep(step: StepResult, locale: Locale = 'en'): string[] {
  const mark = step.failures.length === 0 ? 'ok ' : 'FAIL';
  let what: string;
  if (step.outcome === 'none') what = t(locale, 'cli.check', { phase: step.phase });
  else if (step.outcome === 'accepted') what = formatAccepted(step.send, step.phase, locale);
  else what = formatRefused(step.send, step.refusal, locale);
  return [`  ${mark} #${step.index} ${what}`, ...step.failures.map((failure) => `       ${describeFailure(failure, locale)}`)];
}

/** The four racks, one line each (with packets on the table face down as a count). */
export function formatRacks(service: CharlestonService, locale: Locale = 'en'): string[] {
  const { racks, table, wall } = service.context;
  const names = SEATS.map((seat) => t(locale, 'cli.seat', { seat }));
  const wallName = t(locale, 'cli.wall');
  const width = Math.max(5, wallName.length, ...names.map((name) => name.length));
  return [
    ...SEATS.map((seat, index) => {
      const packet = table[seat];
      const blind = packet?.blind ? t(locale, 'cli.packetBlind', { count: packet.blind }) : '';
      const onTable = packet ? t(locale, 'cli.packetOnTable', { count: packet.tiles.length, blind }) : '';
      return `       ${(names[index] ?? seat).padEnd(width)} (${String(racks[seat].length).padStart(2)}) ${facesOf(racks[seat]).join(' ')}${onTable}`;
    }),
    `       ${wallName.padEnd(width)} (${wall.length})`,
  ];
}
