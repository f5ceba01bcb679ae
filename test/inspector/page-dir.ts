/** A throwaway page folder (three tiny files) for inspector servers in tests that load no real page. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atWorkerExit } from '../support/worker-exit.js';

let made: string | undefined;

/**
 * The folder, made once per process and removed when the process exits (its files never change, so the files of a
 * worker share it); returns its path.
 */
export function fakePageDir(): string {
  if (made !== undefined) return made;
  const dir = mkdtempSync(join(tmpdir(), 'inspector-page-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>inspector</title>');
  writeFileSync(join(dir, 'main.js'), 'console.log(1)');
  writeFileSync(join(dir, 'style.css'), 'body{}');
  atWorkerExit(() => rmSync(dir, { recursive: true, force: true }));
  made = dir;
  return dir;
}
