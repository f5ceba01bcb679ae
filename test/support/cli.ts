/** Runs the CLI in-process with captured output (for synchronous commands: run, play). */
import { main } from '../../src/cli/main.js';

export function runCli(...argv: string[]): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  if (typeof code !== 'number') throw new Error('expected a synchronous command');
  return { code, out: out.join('\n'), err: err.join('\n') };
}
