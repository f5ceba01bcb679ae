#!/usr/bin/env node
/**
 * Inspect a Node app: `node examples/inspect-node/traffic.mjs ws://127.0.0.1:PORT/inspect`
 *
 * Start the inspector first (`npx charleston inspect --port 8123`), then run this with its /inspect address and
 * open http://127.0.0.1:8123/ in a browser. The app plays its scenario once (one event a second with `--slow`)
 * and stays connected so you can look; Ctrl-C stops it. It prints `done <state>` when the scenario is played.
 */
import { createActor } from 'xstate';
import { createWebSocketInspector } from '@statelyai/inspect';
import { waitConnected } from '../inspect-common/wait-connected.mjs';
import { SCENARIO, trafficMachine } from '../inspect-common/traffic-machine.mjs';

const url = process.argv.find((arg) => arg.startsWith('ws://') || arg.startsWith('wss://')) ?? 'ws://127.0.0.1:8123/inspect';
const slow = process.argv.includes('--slow');

const inspector = createWebSocketInspector({ url });
if (!(await waitConnected(inspector))) console.error(`not connected to ${url} yet: events are kept until it answers`);
const actor = createActor(trafficMachine, { inspect: inspector.inspect });
actor.start();

const events = [...SCENARIO];
const next = () => {
  const type = events.shift();
  if (type === undefined) {
    const snapshot = actor.getSnapshot();
    console.log(`done ${JSON.stringify(snapshot.value)} cycles=${snapshot.context.cycles}`);
    return;
  }
  actor.send({ type });
  if (slow) setTimeout(next, 1000);
  else next();
};
next();

const stop = () => {
  actor.stop();
  inspector.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
