/**
 * Bounded waits for the service bench: every wait has a deadline and says what it waited for when it gives up.
 * `lineReader` buffers a stream's lines, so a line printed in the same chunk as another is never missed.
 */
import type { Readable } from 'node:stream';

/** Rejects with `what` after `millis` unless `promise` settles first. */
export function within<T>(promise: Promise<T>, millis: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${millis} ms waiting for ${what}`)), millis);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves once `condition` holds (checked every 5 ms); rejects naming `what` after `millis`. */
export async function waitUntil(condition: () => boolean, millis: number, what: string): Promise<void> {
  const deadline = performance.now() + millis;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`gave up after ${millis} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Every line of a stream, buffered: `next(match, millis, what)` finds the first unread line that matches. */
export interface LineReader {
  /** Lines read so far (the reader keeps draining the stream, so a child never blocks on a full pipe). */
  readonly lines: readonly string[];
  /** The first line from the read position on that `match` accepts (waiting for more as needed). */
  next(match: (line: string) => boolean, millis: number, what: string): Promise<string>;
  /** Stops keeping lines (they are still drained and handed to `onLine`). */
  forget(): void;
}

export function lineReader(stream: Readable, onLine: (line: string) => void = () => undefined): LineReader {
  const lines: string[] = [];
  let keep = true;
  let ended = false;
  let partial = '';
  let read = 0;
  const waiters = new Set<() => void>();
  const wake = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      onLine(line);
      if (keep) lines.push(line);
    }
    wake();
  });
  stream.on('end', () => {
    if (partial !== '') {
      onLine(partial);
      if (keep) lines.push(partial);
    }
    ended = true;
    wake();
  });
  return {
    lines,
    forget() {
      keep = false;
      lines.length = 0;
    },
    next(match, millis, what) {
      return within(
        new Promise<string>((resolve, reject) => {
          const look = (): void => {
            while (read < lines.length) {
              const line = lines[read] as string;
              read += 1;
              if (match(line)) {
                waiters.delete(look);
                resolve(line);
                return;
              }
            }
            if (ended) {
              waiters.delete(look);
              reject(new Error(`the stream ended before ${what} (lines: ${JSON.stringify(lines.slice(-5))})`));
            }
          };
          waiters.add(look);
          look();
        }),
        millis,
        what,
      );
    },
  };
}
