#!/usr/bin/env node
/**
 * Inspect the Charleston engine embedded in a Node process, as a server that hosts tables would:
 * `npm run build && node examples/inspect-node/charleston.mjs ws://127.0.0.1:PORT/inspect [seed]`
 *
 * Four bots play one hand on a table created with `inspect`; every event, refusal and snapshot reaches the
 * inspector started with `npx charleston inspect --port PORT`. Ctrl-C stops it.
 */
import { createWebSocketInspector } from '@statelyai/inspect';
import { waitConnected } from '../inspect-common/wait-connected.mjs';
import { createCharleston } from 'charleston-engine';
import { playHand } from 'charleston-engine/bots';

const url = process.argv.find((arg) => arg.startsWith('ws://') || arg.startsWith('wss://')) ?? 'ws://127.0.0.1:8123/inspect';
const seed = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 2026);

// Guard params sit deep in the Charleston's definition: a deeper serialization keeps them readable.
const inspector = createWebSocketInspector({ url, serializationDepthLimit: 24 });
if (!(await waitConnected(inspector))) console.error(`not connected to ${url} yet: events are kept until it answers`);
const table = createCharleston({ seed, inspect: inspector.inspect });
const outcome = playHand({ service: table });
console.log(`done ${outcome.phase} after ${outcome.eventCount} events`);

const stop = () => {
  table.stop();
  inspector.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
