/**
 * Runs once before the suite: saves a blank in-memory PGlite cluster to a file and names it in the environment,
 * so every in-memory database the tests open (in the test processes and in the `charleston serve` children they
 * start) loads that copy instead of running initdb again. Removed after the run.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_TEMPLATE_VARIABLE } from '../../src/server/storage/pglite.js';

/** Writes the template and returns the teardown that deletes it. */
export default async function setup(): Promise<() => Promise<void>> {
  // Each project of the config runs the global setup: the first one's template serves them all.
  if ((process.env[PGLITE_TEMPLATE_VARIABLE] ?? '') !== '') return async () => undefined;
  const dir = await mkdtemp(join(tmpdir(), 'charleston-pglite-template-'));
  const blank = await PGlite.create();
  try {
    const dump = await blank.dumpDataDir('none');
    const path = join(dir, 'blank.tar');
    await writeFile(path, new Uint8Array(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_VARIABLE] = path;
  } finally {
    await blank.close();
  }
  return async () => {
    delete process.env[PGLITE_TEMPLATE_VARIABLE];
    await rm(dir, { recursive: true, force: true });
  };
}
