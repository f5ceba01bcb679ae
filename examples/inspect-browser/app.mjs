/**
 * A browser app inspected with `createBrowserInspector`: the page opens the inspector in a popup and posts its
 * inspection events to it. The inspector's address comes from `?inspector=` (default http://127.0.0.1:8123/).
 */
import { createActor } from 'xstate';
import { createBrowserInspector } from '@statelyai/inspect';
import { trafficMachine } from '../inspect-common/traffic-machine.mjs';

const url = new URLSearchParams(location.search).get('inspector') ?? 'http://127.0.0.1:8123/';
const inspector = createBrowserInspector({ url });
const actor = createActor(trafficMachine, { inspect: inspector.inspect });

const show = (snapshot) => {
  document.getElementById('state').textContent = JSON.stringify(snapshot.value);
  document.getElementById('cars').textContent = String(snapshot.context.cars);
  document.getElementById('cycles').textContent = String(snapshot.context.cycles);
};
actor.subscribe(show);
actor.start();
for (const type of ['CAR', 'TIMER', 'HURRY', 'CLEAR']) {
  const button = document.createElement('button');
  button.id = type.toLowerCase();
  button.textContent = type;
  button.addEventListener('click', () => actor.send({ type }));
  document.getElementById('buttons').append(button, ' ');
}
window.appReady = true;
