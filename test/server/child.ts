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
}

/** Starts `charleston serve --port 0 --db DB` in a child process; resolves once it printed its first line. */
export async function startChild(db: string): Promise<ChildNode> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CHARLESTON_DB: '' } });
  const stderr: string[] = [];
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => stderr.push(line));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    once(child, 'exit').then(([code]) => {
      throw new Error(`child exited (${String(code)}) before serving: ${stderr.join('\n')}`);
    }),
  ]);
  const match = /^Charleston service: (http:\/\/127\.0\.0\.1:\d+)\/$/.exec(first);
  if (match === null) throw new Error(`unexpected first line ${JSON.stringify(first)}`);
  return { process: child, base: match[1] as string, stderr };
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
