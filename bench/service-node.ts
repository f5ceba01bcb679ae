/**
 * A service node for `bench/service.ts`, run as a child process with IPC: the real service with the bench's
 * limits (rate limits out of the way; the traffic is the bench's own, on 127.0.0.1). Prints the service's first
 * line; answers `cpu` (CPU time used so far), `gcs` (its collections of 5 ms or more since the last ask, each with its start in ms since the epoch), `commits` (its commits of 20 ms or more since the last ask, the same way), `mem` (heap + external after a full GC), `evict` (every idle table leaves memory), `create`.
 */
import { createService } from '../src/server/app.js';
import { tuneServiceHeap } from '../src/server/heap.js';
import { gcPauses } from './gc-pauses.js';
import { parseDbLocation } from '../src/server/storage/db.js';

const db = process.argv[2];
tuneServiceHeap(); // as `charleston serve` does
const service = await createService({
  location: parseDbLocation(db),
  distDir: '/nonexistent',
  httpPerMinute: 1_000_000,
  createPerMinute: 1_000_000,
  authFailures: { burst: 1_000_000, perSecond: 1_000_000 },
  live: { rate: { burst: 1_000_000, perSecond: 1_000_000 }, maxConnections: 50_000, maxPerAddress: 50_000 },
  master: { maxLive: 100_000, idleMillis: 3_600_000 },
});
await service.app.listen({ host: '127.0.0.1', port: 0 });
const address = service.app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
process.stdout.write(`Charleston service: http://127.0.0.1:${port}/\n`);

/** The node's garbage collections of 5 ms or more since the last `gcs` request (at most 1,000 kept). */
const pauses = gcPauses();
pauses.start();

/**
 * The node's slow commits since the last `commits` request (at most 5,000 kept): each event's wait from handing it
 * to the store until its group commit returned, when that took 20 ms or more. The store's `commitAt` is wrapped
 * here, in the bench's node only, so a burst can be put down to the database (or not) by the second it fell in.
 */
let slowCommits: Array<{ at: number; millis: number }> = [];
const store = service.master.store;
const commitAt = store.commitAt.bind(store);
store.commitAt = async (change) => {
  const started = performance.now();
  try {
    return await commitAt(change);
  } finally {
    const millis = performance.now() - started;
    if (millis >= 20 && slowCommits.length < 5_000) slowCommits.push({ at: performance.timeOrigin + started, millis: Math.round(millis * 10) / 10 });
  }
};

type Request = { id: number; type: 'gcs' } | { id: number; type: 'commits' } | { id: number; type: 'cpu' } | { id: number; type: 'mem' } | { id: number; type: 'evict' } | { id: number; type: 'create'; count: number } | { id: number; type: 'stop' };

const memory = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

process.on('message', (message: Request) => {
  const reply = (value: unknown): void => {
    process.send?.({ id: message.id, value });
  };
  if (message.type === 'gcs') {
    reply(pauses.take());
  } else if (message.type === 'commits') {
    reply(slowCommits);
    slowCommits = [];
  } else if (message.type === 'cpu') {
    const usage = process.cpuUsage();
    reply({ micros: usage.user + usage.system, at: performance.now() });
  } else if (message.type === 'mem') reply({ bytes: memory(), live: service.master.cache.size, connections: service.master.hub.connections });
  else if (message.type === 'evict') reply(service.master.cache.evictIdle(Number.MAX_SAFE_INTEGER, 0));
  else if (message.type === 'create') {
    void (async () => {
      for (let i = 0; i < message.count; i += 1) await service.master.create({ seed: i + 1 }, 'en', { east: 'human', south: 'human', west: 'human', north: 'human' });
      reply(message.count);
    })();
  } else if (message.type === 'stop') void service.close().then(() => process.exit(0));
});
process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
// The bench's IPC channel closes when the bench ends (or dies): so does this node.
process.once('disconnect', () => void service.close().then(() => process.exit(0)));
