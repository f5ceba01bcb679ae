/**
 * What the service benches share: a service node (`bench/service-node.ts`) started as a child process with IPC,
 * and one run's figures (`bench:ha`, `bench:scaling`, `bench:service`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { RunResult } from './service-clients.js';
import { lineReader, within } from './service-wait.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/** A service node in a child process: its address, its IPC requests (`cpu`, `mem`, `create`, …) and a bounded stop. */
export interface ServiceNode {
  child: ChildProcess;
  base: string;
  /** Asks the node (IPC); rejects if it has not answered within 120 s. */
  rpc<T>(type: string, extra?: Record<string, unknown>): Promise<T>;
  /** Asks the node to stop and waits (at most 20 s, then SIGKILL) for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts a service node on `db` and resolves once it serves (bounded: 90 s, or its exit). Its SIGKILL is in
 * `cleanups` while it runs, for a watchdog or a signal handler to call.
 */
export async function startServiceNode(db: string, cleanups: Set<() => void>): Promise<ServiceNode> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'service-node.ts'), db], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const kill = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  cleanups.add(kill);
  child.once('exit', () => cleanups.delete(kill));
  const lines = lineReader(child.stdout as Readable);
  const line = await Promise.race([
    lines.next((text) => /^Charleston service: /.test(text), 90_000, 'the node to serve'),
    once(child, 'exit').then(([code, signal]) => {
      throw new Error(`service-node.ts exited (${code ?? signal}) before serving`);
    }),
  ]).catch((error: Error) => {
    kill();
    throw error;
  });
  lines.forget();
  let nextId = 0;
  const waiting = new Map<number, (value: unknown) => void>();
  child.on('message', (message: { id: number; value: unknown }) => waiting.get(message.id)?.(message.value));
  return {
    child,
    base: ((/(http:\S+)/.exec(line) as RegExpExecArray)[1] as string).replace(/\/$/, ''),
    rpc<T>(type: string, extra: Record<string, unknown> = {}): Promise<T> {
      const id = (nextId += 1);
      const answer = new Promise<T>((resolve) => {
        waiting.set(id, (value) => {
          waiting.delete(id);
          resolve(value as T);
        });
        child.send({ id, type, ...extra });
      });
      return within(answer, 120_000, `the node's answer to ${type}`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // The node exits on `stop` without answering it: wait for its exit, not for a reply.
      const exited = once(child, 'exit');
      child.send({ id: 0, type: 'stop' });
      await within(exited, 20_000, 'the node to stop').catch(() => kill());
    },
  };
}

/** The `p`-th percentile of `values` (nearest rank), or null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** `value` to `digits` decimals; null stays null, and so does a value that is not finite. */
export const round = (value: number | null, digits = 1): number | null => (value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits)));

/** One run's figures as every service bench prints them. */
export interface RunFigures {
  tables: number;
  events: number;
  finished: number;
  seconds: number | null;
  eventsPerSecond: number | null;
  p50Millis: number | null;
  p99Millis: number | null;
}

/** The figures of `run`: counts, its length, events per second, and the p50 and p99 of an event's round trip. */
export function runFigures(run: RunResult): RunFigures {
  return {
    tables: run.tables,
    events: run.events,
    finished: run.finished,
    seconds: round(run.seconds, 2),
    eventsPerSecond: round(run.eventsPerSecond, 0),
    p50Millis: round(percentile(run.latencies, 50), 2),
    p99Millis: round(percentile(run.latencies, 99), 2),
  };
}
