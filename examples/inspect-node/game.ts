/**
 * Inspect the Charleston invoked inside a game machine (examples/game-machine.ts), from a Node process:
 * `npm run build && npx tsx examples/inspect-node/game.ts ws://127.0.0.1:PORT/inspect [seed]`
 *
 * The inspector shows both actors: the game (parent) and the Charleston (its child), each with its chart,
 * events and context, and a sequence view of what they send each other (`engine.submit` down, refusals back as
 * `charleston.rejected`, `xstate.done.actor.charleston` with the output at the end). Ctrl-C stops it.
 */
import { createWebSocketInspector } from '@statelyai/inspect';
import { playGame } from '../game-machine.js';
import { waitConnected } from '../inspect-common/wait-connected.mjs';

const url = process.argv.find((arg) => arg.startsWith('ws://') || arg.startsWith('wss://')) ?? 'ws://127.0.0.1:8123/inspect';
const seed = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 2026);

const inspector = createWebSocketInspector({ url, serializationDepthLimit: 24 });
if (!(await waitConnected(inspector))) console.error(`not connected to ${url} yet: events are kept until it answers`);
// The game refuses one event first (a joker), then teacher bots play the hand through the game machine.
const game = playGame(seed, { inspect: inspector.inspect });
console.log(`done ${JSON.stringify(game.getSnapshot().value)}`);

const stop = (): void => {
  game.stop();
  inspector.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
