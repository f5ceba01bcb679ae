/**
 * The client's own flow, a small statechart: `connecting` until the first view, then `live` (`choosing`
 * tiles or an answer, `confirming` a pass or a misdeal, `sending` it, `waiting` for the table), `reconnecting`
 * after a lost connection (the last view stays on screen), `failed` when the table refuses the link.
 * The table itself is a `transport` actor supplied by the host (`provide({ actors: { transport } })`):
 * the engine in the page for solo practice, a WebSocket to the service for a seat.
 */
import { assign, fromCallback, sendTo, setup } from 'xstate';
import { t } from '../index.js';
import { PACKET_SIZE } from '../entries/rules.js';
import {
  CONFIRMED_ACTIONS,
  eventFor,
  hasChoice,
  initialFlowContext,
  isIncomplete,
  isListedTile,
  isPendingCurrent,
  pendingOrigin,
  refusalText,
  tilesNeeded,
  type FlowContext,
  type FlowEvent,
  type FlowInput,
} from './flow.logic.js';
import { ct } from './i18n/catalog.js';
import { isSeatView, type ClientEvent, type TransportCommand, type TransportReport } from './transport.js';

export * from './flow.logic.js';

type ViewReport = Extract<TransportReport, { type: 'transport.view' }>;

/** Keeps the chosen ids that are still in the rack; a new phase starts a fresh choice. */
function keepChoice(context: FlowContext, report: ViewReport): Pick<FlowContext, 'chosen' | 'blind'> {
  const before = context.view;
  const view = report.view;
  if (!isSeatView(view) || before === null || before.phase !== view.phase || before.hand !== view.hand) return { chosen: [], blind: 0 };
  const ids = new Set(view.rack.map((tile) => tile.id));
  return { chosen: context.chosen.filter((id) => ids.has(id)), blind: context.blind };
}

/** The client's flow machine. */
export const flowMachine = setup({
  types: {
    context: {} as FlowContext,
    events: {} as FlowEvent,
    input: {} as FlowInput,
  },
  actors: {
    /** Supplied by the host; without one the flow fails with a clear message. */
    transport: fromCallback<TransportCommand, FlowInput, TransportReport>(({ sendBack }) => {
      sendBack({ type: 'transport.failed', message: 'no table to play at (the page was started without a transport)' });
    }),
  },
  guards: {
    isNewerView: ({ context, event }) => event.type === 'transport.view' && (context.view === null || event.version >= context.version),
    hasChoice: ({ context }) => hasChoice(context.legal),
    isPendingCurrent: ({ context }) => isPendingCurrent(context),
    // Which tiles may join a packet is the engine's to say: its legal actions list them (`from`), jokers never.
    isChoosableTile: ({ context, event }) => event.type === 'tile.toggle' && tilesNeeded(context) !== null && (context.chosen.includes(event.id) || isListedTile(context, event.id)),
    isChoiceFull: ({ context, event }) => {
      if (event.type !== 'tile.toggle' || context.chosen.includes(event.id)) return false;
      const need = tilesNeeded(context);
      return need !== null && need > 0 && context.chosen.length >= need && isListedTile(context, event.id);
    },
    // A tile of the rack that the legal actions leave out: the page says why (the only such tile is a joker, R2).
    isUnlistedTile: ({ context, event }) =>
      event.type === 'tile.toggle' && context.view !== null && isSeatView(context.view) && context.view.rack.some((entry) => entry.id === event.id) && !isListedTile(context, event.id),
    isConfirmedAction: ({ context, event }) =>
      event.type === 'act' && CONFIRMED_ACTIONS.includes(event.action) && eventFor(context, event.action, event.count) !== null && !isIncomplete(context, event.action),
    isIncompletePacket: ({ context, event }) => event.type === 'act' && eventFor(context, event.action, event.count) !== null && isIncomplete(context, event.action),
    isDirectAction: ({ context, event }) => event.type === 'act' && !CONFIRMED_ACTIONS.includes(event.action) && eventFor(context, event.action, event.count) !== null,
    isOurResult: ({ context, event }) => event.type === 'transport.result' && event.id === context.sending,
  },
  actions: {
    recordView: assign(({ context, event }) => {
      if (event.type !== 'transport.view') return {};
      return { view: event.view, legal: event.legal, version: event.version, table: event.table ?? null, ...keepChoice(context, event) };
    }),
    toggleTile: assign(({ context, event }) => {
      if (event.type !== 'tile.toggle') return {};
      if (context.chosen.includes(event.id)) return { chosen: context.chosen.filter((id) => id !== event.id), alert: null };
      const need = tilesNeeded(context) ?? 0;
      // A full choice is refused by `isChoiceFull` (the page says so); nothing is dropped silently.
      return { chosen: need === 0 ? [] : [...context.chosen, event.id].slice(0, need), alert: null };
    }),
    explainCount: assign(({ context }) => ({ alert: ct(context.locale, 'status.choose', { count: (tilesNeeded(context) ?? 0) - context.chosen.length }) })),
    explainFull: assign(({ context }) => ({ alert: ct(context.locale, 'status.full', { count: context.chosen.length }) })),
    explainJoker: assign(({ context }) => ({ alert: t(context.locale, 'refusal.JOKER_NOT_PASSABLE') })),
    chooseBlind: assign(({ context, event }) => {
      if (event.type !== 'blind.choose' || !context.legal?.pass?.blind.includes(event.count)) return {};
      const need = PACKET_SIZE - event.count;
      return { blind: event.count, chosen: context.chosen.slice(Math.max(0, context.chosen.length - need)), alert: null };
    }),
    holdPending: assign(({ context, event }) =>
      event.type === 'act' ? { pending: eventFor(context, event.action, event.count), pendingFor: pendingOrigin(context, event.action, event.count), alert: null } : {},
    ),
    clearPending: assign({ pending: null, pendingFor: null, alert: null }),
    sendPending: sendTo('transport', ({ context }): TransportCommand => ({ type: 'send', id: context.nextId, event: context.pending as ClientEvent })),
    sendDirect: sendTo('transport', ({ context, event }): TransportCommand => ({
      type: 'send',
      id: context.nextId,
      event: (event.type === 'act' ? eventFor(context, event.action, event.count) : null) as ClientEvent,
    })),
    markSending: assign(({ context }) => ({ sending: context.nextId, nextId: context.nextId + 1, alert: null })),
    recordResult: assign(({ context, event }) => {
      if (event.type !== 'transport.result') return {};
      if (event.ok) return { sending: null, pending: null, pendingFor: null, chosen: [], showHint: false };
      return { sending: null, pending: null, pendingFor: null, alert: refusalText(context.locale, event.refusal, context.table?.names) };
    }),
    // A refusal's moment has passed once the person taps again or opens the hint: every tap clears the alert.
    toggleHint: assign(({ context }) => ({ showHint: !context.showHint, alert: null })),
    setLocale: assign(({ event }) => (event.type === 'locale.set' ? { locale: event.locale } : {})),
    recordFailure: assign(({ event }) => (event.type === 'transport.failed' ? { failure: event.message } : {})),
  },
}).createMachine({
  id: 'charlestonClient',
  description: 'The player client: one seat at a table, embedded (solo) or through the service.',
  context: ({ input }) => initialFlowContext(input.locale),
  invoke: { id: 'transport', src: 'transport', input: ({ context }) => ({ locale: context.locale }) },
  on: {
    'locale.set': { actions: 'setLocale' },
    'hint.toggle': { actions: 'toggleHint' },
  },
  initial: 'connecting',
  states: {
    connecting: {
      description: 'Waiting for the first view of the table.',
      on: {
        'transport.view': { guard: 'isNewerView', target: 'live', actions: 'recordView' },
        'transport.failed': { target: 'failed', actions: 'recordFailure' },
      },
    },
    live: {
      description: 'The table is on screen and follows every new view (the highest version wins).',
      initial: 'routing',
      on: {
        'transport.lost': { target: 'reconnecting' },
        'transport.failed': { target: 'failed', actions: 'recordFailure' },
      },
      states: {
        routing: {
          always: [{ guard: 'hasChoice', target: 'choosing' }, { target: 'waiting' }],
        },
        choosing: {
          description: 'Choosing tiles (jokers cannot be chosen, and the page says why), a blind count, or an answer.',
          on: {
            'transport.view': { guard: 'isNewerView', target: 'routing', actions: 'recordView' },
            'tile.toggle': [
              { guard: 'isChoiceFull', actions: 'explainFull' },
              { guard: 'isChoosableTile', actions: 'toggleTile' },
              { guard: 'isUnlistedTile', actions: 'explainJoker' },
            ],
            'blind.choose': { actions: 'chooseBlind' },
            act: [
              { guard: 'isIncompletePacket', actions: 'explainCount' },
              { guard: 'isConfirmedAction', target: 'confirming', actions: 'holdPending' },
              { guard: 'isDirectAction', target: 'sending', actions: ['sendDirect', 'markSending'] },
            ],
          },
        },
        confirming: {
          description:
            'The page asks before a pass, a courtesy packet, a declaration or a misdeal. The step holds only while the table stays in the hand and phase it was opened in and the held event is still what the action stands for.',
          on: {
            'transport.view': [{ guard: 'isNewerView', actions: 'recordView', target: 'checkingPending' }],
            confirm: [
              { guard: 'isPendingCurrent', target: 'sending', actions: ['sendPending', 'markSending'] },
              { target: 'routing', actions: 'clearPending' },
            ],
            cancel: { target: 'routing', actions: 'clearPending' },
          },
        },
        checkingPending: {
          description: 'A new view arrived during the confirm step: it stays open only if it still holds (a new phase closes it).',
          always: [{ guard: 'isPendingCurrent', target: 'confirming' }, { target: 'routing', actions: 'clearPending' }],
        },
        sending: {
          description: 'The event is on its way; its result decides what comes next.',
          on: {
            'transport.view': { guard: 'isNewerView', actions: 'recordView' },
            'transport.result': { guard: 'isOurResult', target: 'routing', actions: 'recordResult' },
          },
        },
        waiting: {
          description: 'Nothing to choose: the table waits for others (a committed seat may still take its pass back).',
          on: {
            'transport.view': { guard: 'isNewerView', target: 'routing', actions: 'recordView' },
            act: [
              { guard: 'isConfirmedAction', target: 'confirming', actions: 'holdPending' },
              { guard: 'isDirectAction', target: 'sending', actions: ['sendDirect', 'markSending'] },
            ],
          },
        },
      },
    },
    reconnecting: {
      description: 'The connection dropped: the last view stays on screen, actions wait until the table answers again.',
      on: {
        'transport.view': { guard: 'isNewerView', target: 'live', actions: 'recordView' },
        'transport.result': { actions: 'recordResult' },
        'transport.failed': { target: 'failed', actions: 'recordFailure' },
      },
    },
    failed: {
      description: 'The table refused this link (or there is no table): the page says why.',
      type: 'final',
    },
  },
});

