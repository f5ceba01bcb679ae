/** Readable trace lines for the CLI (plain text, no colours, so logs and tests read the same). */
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

function describeFailure(failure: StepFailure): string {
  return `expected ${failure.check} ${JSON.stringify(failure.expected)}, got ${JSON.stringify(failure.actual)}`;
}

/** The lines of one step. */
export function formatStep(step: StepResult): string[] {
  const mark = step.failures.length === 0 ? 'ok ' : 'FAIL';
  let what: string;
  if (step.outcome === 'none') what = `check (${step.phase})`;
  else if (step.outcome === 'accepted') what = `${formatEvent(step.send)} → ${step.phase}`;
  else what = `${formatEvent(step.send)} ✗ ${step.refusal?.code}: ${step.refusal?.message}`;
  return [`  ${mark} #${step.index} ${what}`, ...step.failures.map((failure) => `       ${describeFailure(failure)}`)];
}

/** The four racks, one line each (with packets on the table face down as a count). */
export function formatRacks(service: CharlestonService): string[] {
  const { racks, table, wall } = service.context;
  return [
    ...SEATS.map((seat) => {
      const packet = table[seat];
      const onTable = packet ? `  + packet of ${packet.tiles.length}${packet.blind ? ` (+${packet.blind} blind)` : ''} face down` : '';
      return `       ${seat.padEnd(5)} (${String(racks[seat].length).padStart(2)}) ${facesOf(racks[seat]).join(' ')}${onTable}`;
    }),
    `       wall  (${wall.length})`,
  ];
}
