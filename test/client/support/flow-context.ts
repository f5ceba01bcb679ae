/**
 * Flow contexts for the client's unit tests: a seat choosing nothing yet, over a view and its legal actions, with
 * whatever a test sets on top. One place, so that a new field of the flow's context is added once.
 */
import { initialFlowContext, type FlowContext } from '../../../src/client/flow.logic.js';
import { legalActions, viewFor, type CharlestonEngine, type Seat } from '../../../src/index.js';

/** A context over `view` and `legal`, nothing chosen, nothing pending or in flight, with `extra` on top. */
export function flowContext(view: FlowContext['view'], legal: FlowContext['legal'], extra: Partial<FlowContext> = {}): FlowContext {
  return { ...initialFlowContext('en'), view, legal, version: 1, ...extra };
}

/** A context for `seat` at the table's current state (its view and legal actions from the engine). */
export function flowContextAt(table: CharlestonEngine, seat: Seat, extra: Partial<FlowContext> = {}): FlowContext {
  const snapshot = table.getSnapshot();
  return flowContext(viewFor(snapshot, seat), legalActions(snapshot, seat), extra);
}
