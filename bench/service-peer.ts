/** The peer's server for `bench/service.ts`: boardgame.io 0.50, in-memory storage, on 127.0.0.1, any free port. */
import { Server } from 'boardgame.io/server';
import { CharlestonPeer } from './service-game.js';

const server = Server({ games: [CharlestonPeer as never], origins: ['http://127.0.0.1'] });
const running = await server.run({ port: 0 });
const address = running.appServer.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
process.stdout.write(`peer: http://127.0.0.1:${port}/\n`);
process.on('message', (message: { id: number; type: string }) => {
  if (message.type === 'cpu') {
    const usage = process.cpuUsage();
    process.send?.({ id: message.id, value: { micros: usage.user + usage.system, at: performance.now() } });
  } else if (message.type === 'mem') {
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    process.send?.({ id: message.id, value: { bytes: usage.heapUsed + usage.external } });
  }
});
process.once('SIGTERM', () => {
  server.kill(running);
  process.exit(0);
});
// The bench's IPC channel closes when the bench ends (or dies): so does this server.
process.once('disconnect', () => process.exit(0));
