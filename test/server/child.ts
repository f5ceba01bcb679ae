/**
 * Service nodes as child processes, started as an operator starts them: `node bin/charleston.js serve --port 0
 * --db DB FLAGS…` (the compiled CLI: `npm run build` first, as `npm test` does; Node runs it with `--liftoff-only`,
 * see startChild). Start one, read its first line, kill it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { PGLITE_TEMPLATE_VARIABLE } from '../../src/server/storage/pglite.js';

/** The package's command, as `npx charleston` runs it. */
export const CHARLESTON_BIN = fileURLToPath(new URL('../../bin/charleston.js', import.meta.url));

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

/** How a child is started besides its flags. */
export interface ChildOptions {
  /** Environment variables to add (or, with `''`, to unset) for this child. */
  env?: Readonly<Record<string, string>>;
  /** The first line's address (default: 127.0.0.1). */
  host?: string;
}

/**
 * Starts `charleston serve --port 0 --db DB FLAGS…` in a child process, with the operator token every test node
 * has in CHARLESTON_OPERATOR_TOKEN (and no other CHARLESTON_ variable of the test's environment but the run's saved
 * blank PGlite cluster, CHARLESTON_PGLITE_TEMPLATE); resolves once it printed its first line.
 */
export async function startChild(db: string, extra: readonly string[] = [], options: ChildOptions = {}): Promise<ChildNode> {
  const args = [CHARLESTON_BIN, 'serve', '--port', '0', '--db', db, ...extra];
  // The saved blank cluster of the run is kept: without it each in-memory child runs initdb (seconds of CPU).
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CHARLESTON_') || name === PGLITE_TEMPLATE_VARIABLE));
  const env = { ...inherited, CHARLESTON_OPERATOR_TOKEN: 'test-operator-token-0123456789abcdef', ...options.env };
  // --liftoff-only: V8 compiles PGlite's WebAssembly with its baseline compiler and never optimizes it, right for a
  // process that lives seconds (about 1.3 s of CPU less per start); the service itself is unchanged.
  const child = spawn(process.execPath, ['--liftoff-only', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
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
  const match = new RegExp(`^Charleston service: (http://${(options.host ?? '127.0.0.1').replaceAll('.', '\\.')}:\\d+)/$`).exec(first);
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

/** Stops a child with SIGTERM; resolves with its exit code once its output is read to the end. */
export async function stopChild(child: ChildNode): Promise<number | null> {
  if (child.process.exitCode !== null) return child.process.exitCode;
  // 'close': the child exited and its output was read to the end.
  const exited = once(child.process, 'close');
  child.process.kill('SIGTERM');
  const [code] = await exited;
  return code as number | null;
}
