/** Service nodes as child processes (for kill -9): start one, read its first line, kill it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const MAIN = fileURLToPath(new URL('./node-main.ts', import.meta.url));

/** A running child node. */
export interface ChildNode {
  process: ChildProcess;
  base: string;
  stderr: string[];
  /** Lines printed after the first. */
  lines: string[];
  /** Resolves once `count` lines after the first were printed (rejects if the child exits first). */
  waitLines(count: number): Promise<void>;
}

/**
 * Starts `charleston serve --port 0 --db DB` in a child process (or, with `main`, that script with `extra` as its
 * only arguments); resolves once it printed its first line.
 */
export async function startChild(db: string, extra: readonly string[] = [], main?: string): Promise<ChildNode> {
  const args = main === undefined ? ['--import', 'tsx', MAIN, '--port', '0', '--db', db, ...extra] : ['--import', 'tsx', main, ...extra];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CHARLESTON_DB: '', CHARLESTON_OPERATOR_TOKEN: 'test-operator-token-0123456789abcdef' } });
  const stderr: string[] = [];
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => stderr.push(line));
  const all: string[] = [];
  const waiters = new Set<() => void>();
  const wake = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    all.push(line);
    wake();
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
    wake();
  });
  const waitFor = async (count: number): Promise<void> => {
    while (all.length < count) {
      if (exited) throw new Error(`child exited after ${all.length} lines: ${stderr.join('\n')}`);
      await new Promise<void>((resolve) => {
        const done = (): void => {
          waiters.delete(done);
          resolve();
        };
        waiters.add(done);
      });
    }
  };
  await waitFor(1);
  const first = all[0] as string;
  const match = /^Charleston service: (http:\/\/127\.0\.0\.1:\d+)\/$/.exec(first);
  if (match === null) throw new Error(`unexpected first line ${JSON.stringify(first)}`);
  return {
    process: child,
    base: match[1] as string,
    stderr,
    get lines() {
      return all.slice(1);
    },
    waitLines: (count) => waitFor(count + 1),
  };
}

/** Kills a child with SIGKILL and waits for it to be gone. */
export async function killHard(child: ChildNode): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = once(child.process, 'exit');
  child.process.kill('SIGKILL');
  await exited;
}

/** Stops a child with SIGTERM; resolves with its exit code. */
export async function stopChild(child: ChildNode): Promise<number | null> {
  if (child.process.exitCode !== null) return child.process.exitCode;
  const exited = once(child.process, 'exit');
  child.process.kill('SIGTERM');
  const [code] = await exited;
  return code as number | null;
}
