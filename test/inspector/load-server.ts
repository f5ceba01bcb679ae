/**
 * The inspector server in a child process of its own, for the load tests: its heap is sampled apart from the
 * test's clients. Started with `fork(…, { execArgv: ['--import', 'tsx', '--expose-gc'] })`; options come as JSON
 * in argv[2]. Answers `{ id, type: 'sample' }` with its stats and memory after a forced collection, and
 * `{ type: 'close' }` by closing and exiting.
 */
import { startInspectorServer, type InspectorServerOptions } from '../../src/inspector/server.js';
import { fakePageDir } from './page-dir.js';

const options = JSON.parse(process.argv[2] ?? '{}') as Omit<InspectorServerOptions, 'staticDir'>;
const server = await startInspectorServer({ ...options, staticDir: fakePageDir() });
const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (message: { id?: number; type?: string }) => {
  if (message.type === 'sample') {
    gc?.();
    const memory = process.memoryUsage();
    process.send?.({ id: message.id, stats: server.stats(), cursor: server.session?.cursor ?? 0, total: server.session?.total ?? 0, logSize: server.session?.log.size ?? 0, nextIndex: server.session?.log.nextIndex ?? 0, heapUsed: memory.heapUsed, rss: memory.rss });
  } else if (message.type === 'close') {
    void server.close().then(() => process.exit(0));
  }
});
process.send?.({ id: 0, url: server.url, inspectUrl: server.inspectUrl });
