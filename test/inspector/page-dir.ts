/** A throwaway page folder (three tiny files) for inspector servers in tests that load no real page. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Creates the folder; returns its path. */
export function fakePageDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inspector-page-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>inspector</title>');
  writeFileSync(join(dir, 'main.js'), 'console.log(1)');
  writeFileSync(join(dir, 'style.css'), 'body{}');
  return dir;
}
