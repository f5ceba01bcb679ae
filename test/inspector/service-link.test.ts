/**
 * The page's reading of the service's live feed, alone: a `view` message becomes the snapshot the chart and the
 * context panel show, and a spectator's row; anything else is not a view; a row appended to a followed table counts.
 */
import { describe, expect, it } from 'vitest';
import { parseViewMessage, viewRow } from '../../src/inspector/page/service-link.js';
import { Store } from '../../src/inspector/page/store.js';

const message = { type: 'view', version: 12, phase: 'firstCharleston.left', hand: 2, view: { phase: 'firstCharleston.left', counts: { east: 14 } } };

describe('a view of the live feed', () => {
  it('is the phase as a state value and the public view as the context', () => {
    expect(parseViewMessage(message)).toEqual({ version: 12, phase: 'firstCharleston.left', hand: 2, snapshot: { value: { firstCharleston: 'left' }, context: message.view, status: 'active' } });
  });

  it('is not a view without a version or a phase, or of another type', () => {
    expect(parseViewMessage({ ...message, version: '12' })).toBeUndefined();
    expect(parseViewMessage({ ...message, phase: undefined })).toBeUndefined();
    expect(parseViewMessage({ ...message, type: 'result' })).toBeUndefined();
    expect(parseViewMessage(null)).toBeUndefined();
  });

  it("is a spectator's row with its version, phase and hand, and the table at that moment", () => {
    const view = parseViewMessage(message);
    if (view === undefined) throw new Error('not a view');
    expect(viewRow(view)).toEqual({ event: { type: 'table.view', version: 12, phase: 'firstCharleston.left', hand: 2 }, snapshot: view.snapshot });
  });

  it('counts in the followed table’s events, one by one', () => {
    const store = new Store();
    const view = parseViewMessage(message);
    if (view === undefined) throw new Error('not a view');
    store.addServiceEvent('service:T', viewRow(view)); // not followed yet: nothing
    store.setServiceTable('service:T', 'table T', '{}', view.snapshot.value, view.snapshot.context);
    store.addServiceEvent('service:T', viewRow(view));
    store.addServiceEvent('service:T', viewRow({ ...view, version: 13 }));
    const actor = store.actors.get('service:T');
    if (actor === undefined) throw new Error('not followed');
    expect(actor.events.map((entry) => entry.event['version'])).toEqual([12, 13]);
    const first = actor.events[0];
    if (first === undefined) throw new Error('no row');
    expect(store.snapshotAt(actor, first)).toBe(view.snapshot);
  });
});
