/**
 * A small XState v5 app to inspect: a traffic light that invokes a pedestrian crossing as a child actor.
 * It has what real machines have: guards, an `always` transition, a delayed (`after`) transition, a nested final
 * state with `onDone`, an invoked child with its own `onDone`, and events sent between parent and child.
 * Shared by the Node example (examples/inspect-node) and the browser example (examples/inspect-browser).
 */
import { assign, sendParent, sendTo, setup } from 'xstate';

/** The child: people crossing. It tells its parent when everyone has crossed, then finishes. */
export const crossingMachine = setup({
  actions: { tellParent: sendParent({ type: 'CROSSED' }) },
}).createMachine({
  id: 'crossing',
  initial: 'walk',
  context: { hurried: false },
  states: {
    walk: { on: { HURRY: { target: 'flashing', actions: assign({ hurried: true }) } } },
    flashing: { on: { CLEAR: { target: 'done', actions: 'tellParent' } } },
    done: { type: 'final' },
  },
});

/** The parent: the light. `CAR` counts cars; `TIMER` moves on; in red it hurries the crossing along. */
export const trafficMachine = setup({
  actors: { crossing: crossingMachine },
  guards: { isBusy: ({ context }) => context.cars >= 3 },
  actions: {
    countCar: assign({ cars: ({ context }) => context.cars + 1 }),
    hurry: sendTo('crossing', { type: 'HURRY' }),
    clear: sendTo('crossing', { type: 'CLEAR' }),
  },
}).createMachine({
  id: 'traffic',
  initial: 'green',
  context: { cars: 0, cycles: 0, crossed: 0, rush: false },
  states: {
    green: { on: { CAR: { actions: 'countCar' }, TIMER: 'deciding' } },
    deciding: {
      always: [
        { guard: 'isBusy', target: 'yellow', actions: assign({ rush: true }) },
        { target: 'yellow', actions: assign({ rush: false }) },
      ],
    },
    yellow: { after: { 3000: 'red' }, on: { TIMER: 'red' } },
    red: {
      initial: 'stopped',
      // the child finishing moves red to its final state; red finishing moves the light on
      invoke: { id: 'crossing', src: 'crossing', onDone: { target: '.cleared', actions: assign({ cycles: ({ context }) => context.cycles + 1 }) } },
      on: { HURRY: { actions: 'hurry' }, CLEAR: { actions: 'clear' }, CROSSED: { actions: assign({ crossed: ({ context }) => context.crossed + 1 }) } },
      states: {
        stopped: {},
        cleared: { type: 'final' },
      },
      onDone: { target: 'green', actions: assign({ cars: 0 }) },
    },
  },
});

/** The events the examples send, in order: three cars, the light turns, the crossing is hurried and cleared. */
export const SCENARIO = ['CAR', 'CAR', 'CAR', 'TIMER', 'TIMER', 'HURRY', 'CLEAR'];
