/**
 * A service node for the group-commit crash test: `node --import tsx test/server/batch-node.ts DB MODE MIN SKIP`.
 * The real service over the real database, with one test hook in the database handle: the group-commit
 * statement carrying at least MIN events that comes after SKIP such statements is held forever, either before it reaches the database
 * (MODE=before: the batch is in flight, nothing of it stored) or after it committed (MODE=after: stored, no
 * reply has left). The node prints `batch MODE {json}` when it holds, and waits there to be killed.
 */
import { createService } from '../../src/server/app.js';
import { openDb, parseDbLocation, type Db, type Row } from '../../src/server/storage/db.js';
import { TEST_OPERATOR_TOKEN } from './support.js';

const [dbText = '', mode = 'before', minText = '20', skipText = '0'] = process.argv.slice(2);
const min = Number(minText);
/** Batches of at least MIN events to let through first (so that acknowledged events precede the held one). */
let skip = Number(skipText);
const inner = await openDb(parseDbLocation(dbText));
let held = false;
const forever = (): Promise<never> => new Promise<never>(() => undefined);

const db: Db = {
  ...inner,
  async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    // A group commit's statement takes its events as one JSON list (`json_to_recordset`).
    const entries = sql.includes('json_to_recordset(') && typeof params[0] === 'string' ? (JSON.parse(params[0]) as Array<{ table_id: string; version: number }>) : null;
    const tables = entries === null ? null : entries.map((entry) => entry.table_id);
    if (tables === null || tables.length < min || held) return inner.query<T>(sql, params);
    if (skip > 0) {
      skip -= 1;
      return inner.query<T>(sql, params);
    }
    held = true;
    const report = JSON.stringify({ size: tables.length, tables, versions: entries?.map((entry) => entry.version) });
    if (mode === 'before') {
      process.stdout.write(`batch before ${report}\n`);
      return forever();
    }
    await inner.query<T>(sql, params);
    process.stdout.write(`batch after ${report}\n`);
    return forever();
  },
};

const service = await createService({
  db,
  distDir: '/nonexistent',
  httpPerMinute: 1_000_000,
  createPerMinute: 1_000_000,
  authFailures: { burst: 1_000_000, perSecond: 1_000_000 },
  operatorToken: TEST_OPERATOR_TOKEN,
  live: { rate: { burst: 1_000_000, perSecond: 1_000_000 }, maxPerAddress: 10_000 },
});
await service.app.listen({ host: '127.0.0.1', port: 0 });
const address = service.app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
process.stdout.write(`Charleston service: http://127.0.0.1:${port}/\n`);
