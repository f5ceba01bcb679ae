/**
 * The heap setting of a service process. Each accepted event replaces its table's state in memory; that state
 * lives as long as the table's players think, long enough to be promoted to V8's old generation, where it soon
 * becomes garbage. With V8's own sizing the old generation was collected in full every few seconds at 1,000
 * busy tables, and each full collection held the event loop for 15 to 50 ms: every event in flight then waited.
 * Letting the heap grow to three times what is live between full collections makes them rare (none or one in a
 * 20–30 s paced run at that load) at the cost of memory that is garbage anyway. `charleston serve` sets it at
 * start, before it allocates its tables; a process started with its own `--heap-growing-percent` keeps it.
 */
import { setFlagsFromString } from 'node:v8';

/** V8's `--heap-growing-percent` for the service: the heap may grow to (1 + 200 / 100) = 3 times its live size. */
export const SERVICE_HEAP_GROWING_PERCENT = 200;

/** The V8 flag to set for a process started with `execArgv`, or null when it already chose its own. */
export function serviceHeapFlag(execArgv: readonly string[]): string | null {
  const chosen = execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg));
  return chosen ? null : `--heap-growing-percent=${SERVICE_HEAP_GROWING_PERCENT}`;
}

/** Applies {@link serviceHeapFlag} to this process; returns the flag it set, or null. */
export function tuneServiceHeap(execArgv: readonly string[] = process.execArgv): string | null {
  const flag = serviceHeapFlag(execArgv);
  if (flag !== null) setFlagsFromString(flag);
  return flag;
}
