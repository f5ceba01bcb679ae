/**
 * A process's garbage collections of 5 ms or more, each with its kind, its length and when it started (ms since
 * the epoch, so that another process can place it in a run): the bench's node and the bench process alike.
 */
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';

/** One collection of 5 ms or more. */
export interface GcPause {
  kind: string;
  millis: number;
  at: number;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** Most pauses kept between two `take()` calls. */
const MAX_KEPT = 1_000;

/** Records this process's collections of 5 ms or more while started; `take()` returns them and starts afresh. */
export function gcPauses(): { start(): void; stop(): void; take(): GcPause[] } {
  let kept: GcPause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (entry.duration >= 5 && kept.length < MAX_KEPT) {
        kept.push({ kind: GC_KINDS[kind] ?? String(kind), millis: Math.round(entry.duration * 10) / 10, at: performance.timeOrigin + entry.startTime });
      }
    }
  });
  return {
    start: () => observer.observe({ entryTypes: ['gc'] }),
    stop: () => observer.disconnect(),
    take: () => {
      const taken = kept;
      kept = [];
      return taken;
    },
  };
}
