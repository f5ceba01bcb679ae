/** The embedded adapter: PGlite in a folder (created on first start) or in memory. */
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './types.js';

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
  };
}

/**
 * The variable naming a blank in-memory cluster saved with PGlite's `dumpDataDir` (a tar file). When it is set, an
 * in-memory database starts from that copy instead of running initdb, which costs seconds of CPU each time. The
 * test suite sets it once per run (many tests each open a fresh in-memory database); nothing else needs it.
 */
export const PGLITE_TEMPLATE_VARIABLE = 'CHARLESTON_PGLITE_TEMPLATE';

/**
 * The template's bytes as PGlite reads them (it only calls `arrayBuffer()`): a copy of the bytes read once. A plain
 * Blob of the file would do the same, but Node 20 reads a Blob back in small chunks and joins them, about 0.3 s of
 * CPU for the 40 MB tar on each open.
 */
class TemplateBlob extends Blob {
  readonly #tar: Uint8Array;

  constructor(tar: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#tar = tar;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#tar.slice().buffer);
  }
}

let template: { path: string; blob: Blob } | null = null;

/**
 * The buffer pool of an in-memory cluster. Its files already live in memory, so PostgreSQL's default pool (128 MB,
 * all of it touched at start: about 32,000 page faults more) would only hold a second copy of them. 16 MB is ample
 * for the tables a process serves; measured here, an open after the first in a process took about 0.4 s of CPU
 * instead of 0.9 s, and a `charleston serve` child about 2.0 s to start instead of 2.5–2.8 s.
 */
const MEMORY_SHARED_BUFFERS = '16MB';

/** The options of a fresh in-memory cluster: from the template file when one is named. */
function memoryOptions(): PGliteOptions {
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${MEMORY_SHARED_BUFFERS}`];
  const path = process.env[PGLITE_TEMPLATE_VARIABLE] ?? '';
  if (path === '') return { startParams };
  if (template?.path !== path) template = { path, blob: new TemplateBlob(readFileSync(path)) };
  return { loadDataDir: template.blob, startParams };
}

/** Opens PGlite in `dir` (null: in memory, nothing kept). */
export async function openPglite(dir: string | null): Promise<Db> {
  if (dir !== null) mkdirSync(dir, { recursive: true });
  const pg = dir === null ? await PGlite.create(memoryOptions()) : await PGlite.create(dir);
  const direct = queryable(pg);
  return {
    kind: 'pglite',
    query: direct.query,
    transaction: (work) => pg.transaction((tx) => work(queryable(tx))),
    async listen(channel, onPayload) {
      await pg.listen(channel, onPayload);
    },
    // In the same process: the listener cannot be lost, and the database answers while the process runs.
    async health() {
      try {
        await pg.query('SELECT 1');
        return { database: 'up', listener: 'up' };
      } catch {
        return { database: 'down', listener: 'up' };
      }
    },
    onListenerRestored() {},
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: () => pg.close(),
  };
}
