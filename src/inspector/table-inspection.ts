/**
 * The inspection observer of the session's table. It converts XState's inspection events to the
 * `@statelyai/inspect` wire format synchronously, as they happen (that package defers each one to a later tick,
 * which would let a muted replay leak out afterwards and pile up timers under a flood). The table's root actor is
 * always named {@link TABLE_SESSION_ID}, whatever XState called it, so a rebuilt table stays one actor on the page.
 */
import type { InspectionEvent } from 'xstate';
import type { WireInspectionEvent } from './protocol.js';

/** The session table's actor id on the wire (stable across steps back). */
export const TABLE_SESSION_ID = 'charleston:table';
const VERSION = '0.7.2';

/** Functions in a machine config travel as `{ type: <name> }`, as `@statelyai/inspect` sends them. */
const replacer = (_key: string, value: unknown): unknown => (typeof value === 'function' ? { type: (value as { name?: string }).name || 'inline' } : value);

interface ActorLike {
  sessionId: string;
  _parent?: { sessionId: string };
  logic?: { config?: unknown };
  getSnapshot(): unknown;
}

/** A snapshot as the page reads it: value, context, status (plain JSON). */
function plainSnapshot(snapshot: unknown): NonNullable<WireInspectionEvent['snapshot']> {
  const { value, context, status } = (snapshot ?? {}) as { value?: unknown; context?: unknown; status?: string };
  return JSON.parse(JSON.stringify({ value, context, status: status ?? 'active' }, replacer)) as NonNullable<WireInspectionEvent['snapshot']>;
}

/** The observer and its controls. */
export interface TableInspection {
  /** Pass as `inspect` to the table. */
  observer: { next(event: InspectionEvent): void };
  /** While true, nothing is emitted (a replay). */
  muted: boolean;
  /** Emits the table's current state once, after a replay. */
  announce(actor: ActorLike, event: { type: string; [key: string]: unknown }): void;
}

/** Creates the observer; `emit` receives each wire event. */
export function createTableInspection(emit: (event: WireInspectionEvent) => void): TableInspection {
  let root: string | undefined;
  const definitions = new WeakMap<object, string>();
  const rename = (id: string | undefined): string | undefined => (id === undefined ? undefined : id === root ? TABLE_SESSION_ID : `t:${id}`);
  const base = (actor: ActorLike): Pick<WireInspectionEvent, '_version' | 'sessionId' | 'rootId' | 'createdAt'> => ({
    _version: VERSION,
    sessionId: rename(actor.sessionId) ?? TABLE_SESSION_ID,
    rootId: TABLE_SESSION_ID,
    createdAt: String(Date.now()),
  });
  const definitionOf = (actor: ActorLike): string | undefined => {
    const config = actor.logic?.config;
    if (typeof config !== 'object' || config === null) return undefined;
    let text = definitions.get(config);
    if (text === undefined) {
      text = JSON.stringify(config, replacer);
      definitions.set(config, text);
    }
    return text;
  };
  const state: TableInspection = {
    muted: false,
    observer: {
      next(event) {
        if (state.muted) return;
        const actor = event.actorRef as unknown as ActorLike;
        switch (event.type) {
          case '@xstate.actor': {
            if (actor._parent === undefined) root = actor.sessionId;
            const definition = definitionOf(actor);
            const parentId = rename(actor._parent?.sessionId);
            emit({
              type: '@xstate.actor',
              ...base(actor),
              name: (actor.logic?.config as { id?: string } | undefined)?.id ?? actor.sessionId,
              ...(parentId !== undefined ? { parentId } : {}),
              ...(definition !== undefined ? { definition } : {}),
              // the snapshot cannot be read while the actor initializes: the xstate.init snapshot follows
              snapshot: { status: 'active' },
            });
            break;
          }
          case '@xstate.event': {
            const sourceId = rename(event.sourceRef?.sessionId);
            emit({ type: '@xstate.event', ...base(actor), event: JSON.parse(JSON.stringify(event.event, replacer)) as { type: string }, ...(sourceId !== undefined ? { sourceId } : {}) });
            break;
          }
          case '@xstate.snapshot':
            // a refusal changes nothing: the page keeps the snapshot it has (a flood of refusals stays small)
            if (event.event.type === 'engine.refused') break;
            emit({ type: '@xstate.snapshot', ...base(actor), event: JSON.parse(JSON.stringify(event.event, replacer)) as { type: string }, snapshot: plainSnapshot(event.snapshot) });
            break;
          default:
            break;
        }
      },
    },
    announce(actor, event) {
      root = actor.sessionId;
      emit({ type: '@xstate.snapshot', ...base(actor), event, snapshot: plainSnapshot(actor.getSnapshot()) });
    },
  };
  return state;
}
