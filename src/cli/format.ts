/**
 * Readable trace lines for the CLI (plain text, no colours, so logs and tests read the same), in the reader's
 * language. Event lines keep seat codes, event types and tile codes as they are: they are the events' own words.
 */
import { ct } from './i18n/catalog.js';
import {
  REFUSAL_CODES,
  SEATS,
  refusalMessage,
  t,
  type CharlestonEngine,
  type Locale,
  type MessageKey,
  type RefusalCode,
} from '../index.js';
import { facesOf } from '../entries/rules.js';
import type { StepFailure, StepResult } from '../entries/scripts.js';

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

/**
 * A state id for the reader: English shows the id itself (`firstCharleston.right`); another locale shows the
 * phase's name with the id in parentheses (`Primer Charleston: Dreta (firstCharleston.right)`). An id with no
 * name (a prefix such as `firstCharleston`) is shown as it is.
 */
export function phaseLabel(locale: Locale, id: string): string {
  if (locale === 'en') return id;
  const key = `phase.${id}` as MessageKey;
  const name = t(locale, key);
  return name === key ? id : `${name} (${id})`;
}

function showValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(String).join(' ')}]`;
  return JSON.stringify(value);
}

/** One failed expectation: `expected accepted, got NOT_NOW`, `expected state courtesy, got firstCharleston.right`. */
export function describeFailure(failure: StepFailure, locale: Locale = 'en'): string {
  const { check, expected, actual } = failure;
  if (check === 'accepted') return ct(locale, 'cli.failureRefused', { code: showValue(actual) });
  if (check === 'rejected') {
    return actual === 'accepted'
      ? ct(locale, 'cli.failureAccepted', { code: showValue(expected) })
      : ct(locale, 'cli.failureCode', { expected: showValue(expected), actual: showValue(actual) });
  }
  const show = (value: unknown): string => (check === 'state' && typeof value === 'string' ? phaseLabel(locale, value) : showValue(value));
  return ct(locale, 'cli.failure', { check, expected: show(expected), actual: show(actual) });
}

type RefusalLike = { code: string; message?: string; params?: Readonly<Record<string, string | number>> } | undefined;

function messageOf(refusal: RefusalLike, locale: Locale): string {
  const code = refusal?.code;
  const localize = refusal?.params !== undefined && locale !== 'en' && (REFUSAL_CODES as readonly string[]).includes(code ?? '');
  return localize ? refusalMessage(locale, code as RefusalCode, refusal?.params) : (refusal?.message ?? '');
}

/** A refusal line's tail: `event ✗ CODE: message`, the message in `locale` (codes never change). */
export function formatRefused(event: unknown, refusal: RefusalLike, locale: Locale = 'en'): string {
  return ct(locale, 'cli.refused', { event: formatEvent(event), code: String(refusal?.code), message: messageOf(refusal, locale) });
}

/** A refusal the script expected: `event refused CODE as expected: message`. */
export function formatExpectedRefusal(event: unknown, refusal: RefusalLike, locale: Locale = 'en'): string {
  return ct(locale, 'cli.refusedAsExpected', { event: formatEvent(event), code: String(refusal?.code), message: messageOf(refusal, locale) });
}

/** An accepted event: `event → phase` (English prints the phase id, other locales its name). */
export function formatAccepted(event: unknown, phase: string, locale: Locale = 'en'): string {
  return ct(locale, 'cli.accepted', { event: formatEvent(event), phase });
}

/** The header printed when the phase changes: `── phase (hand N)`. */
export function formatPhaseHeader(phase: string, hand: number, locale: Locale = 'en'): string {
  return ct(locale, 'cli.phaseHeader', { phase, hand });
}

/** The lines of one step, in `locale`: `ok   #0 …` or `FAIL #2 …` followed by one line per failed expectation. */
export function formatStep(step: StepResult, locale: Locale = 'en'): string[] {
  const ok = ct(locale, 'cli.markOk');
  const fail = ct(locale, 'cli.markFail');
  const passed = step.failures.length === 0;
  const mark = (passed ? ok : fail).padEnd(Math.max(ok.length, fail.length));
  let what: string;
  if (step.outcome === 'none') what = ct(locale, 'cli.check', { phase: step.phase });
  else if (step.outcome === 'accepted') what = formatAccepted(step.send, step.phase, locale);
  else if (passed) what = formatExpectedRefusal(step.send, step.refusal, locale);
  else what = formatRefused(step.send, step.refusal, locale);
  return [`  ${mark} #${step.index} ${what}`, ...step.failures.map((failure) => `       ${describeFailure(failure, locale)}`)];
}

/** The four racks, one line each (with packets on the table face down as a count). */
export function formatRacks(service: CharlestonEngine, locale: Locale = 'en'): string[] {
  const { racks, table, wall } = service.context;
  const names = SEATS.map((seat) => ct(locale, 'cli.seat', { seat }));
  const wallName = ct(locale, 'cli.wall');
  const width = Math.max(5, wallName.length, ...names.map((name) => name.length));
  return [
    ...SEATS.map((seat, index) => {
      const packet = table[seat];
      const blind = packet?.blind ? ct(locale, 'cli.packetBlind', { count: packet.blind }) : '';
      const onTable = packet ? ct(locale, 'cli.packetOnTable', { count: packet.tiles.length, blind }) : '';
      return `       ${(names[index] ?? seat).padEnd(width)} (${String(racks[seat].length).padStart(2)}) ${facesOf(racks[seat]).join(' ')}${onTable}`;
    }),
    `       ${wallName.padEnd(width)} (${wall.length})`,
  ];
}
