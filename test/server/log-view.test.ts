/**
 * The log as each reader may read it (log-view.ts), table-driven: while the stop vote is open a vote shows who voted,
 * not how; while the courtesy pass is played an offer shows who offered, not how many (a partner's offer is never in
 * a seat's view); once the vote is over the votes show as before; ended deals and the operator read everything.
 */
import { describe, expect, it } from 'vitest';
import { NOTHING_OPEN, facelessEvent, logFor, openChoices, type LogReader } from '../../src/server/log-view.js';
import type { Phase, Seat } from '../../src/index.js';
import type { EventRow } from '../../src/server/storage/queries.js';

type Offers = Record<Seat, number | null>;
const NO_OFFERS: Offers = { east: null, south: null, west: null, north: null };
const row = (version: number, event: Record<string, unknown>, hand = 1): EventRow => ({ version, seat: typeof event.seat === 'string' ? event.seat : null, event, at: '2026-12-05T10:00:00Z', hand });

describe('openChoices: what is still open at the table now', () => {
  const cases: Array<[string, Phase, Offers, { voteOpen: boolean; offering: Seat[] }]> = [
    ['a pass state', 'firstCharleston.left', NO_OFFERS, { voteOpen: false, offering: [] }],
    ['the stop checkpoint', 'stopCheckpoint', NO_OFFERS, { voteOpen: true, offering: [] }],
    ['the second Charleston', 'secondCharleston.left', NO_OFFERS, { voteOpen: false, offering: [] }],
    ['courtesy, nobody offered', 'courtesy', NO_OFFERS, { voteOpen: false, offering: ['east', 'west', 'south', 'north'] }],
    ['courtesy, south offered', 'courtesy', { ...NO_OFFERS, south: 2 }, { voteOpen: false, offering: ['east', 'west', 'south', 'north'] }],
    ['courtesy, south–north agreed', 'courtesy', { ...NO_OFFERS, south: 2, north: 1 }, { voteOpen: false, offering: ['east', 'west', 'south', 'north'] }],
    ['courtesy, both pairs agreed', 'courtesy', { east: 0, south: 2, west: 3, north: 1 }, { voteOpen: false, offering: ['east', 'west', 'south', 'north'] }],
    ['complete', 'complete', { east: 3, south: 2, west: 3, north: 1 }, { voteOpen: false, offering: [] }],
  ];
  it.each(cases)('%s', (_name, phase, offers, expected) => {
    void offers;
    const open = openChoices(phase);
    expect(open.voteOpen).toBe(expected.voteOpen);
    expect([...open.offering].sort()).toEqual([...expected.offering].sort());
  });
});

describe('facelessEvent: who acted, never an open choice or a face', () => {
  const vote = { type: 'vote.cast', seat: 'south', vote: 'continue' };
  const offer = { type: 'courtesy.offer', seat: 'south', count: 2 };
  const cases: Array<[string, Record<string, unknown>, Phase, Offers, Record<string, unknown>]> = [
    ['a vote while the vote is open', vote, 'stopCheckpoint', NO_OFFERS, { type: 'vote.cast', seat: 'south' }],
    ['a vote once the second Charleston began', vote, 'secondCharleston.left', NO_OFFERS, vote],
    ['a vote once the table stopped (courtesy)', { ...vote, vote: 'stop' }, 'courtesy', NO_OFFERS, { ...vote, vote: 'stop' }],
    ['an offer while its pair offers', offer, 'courtesy', { ...NO_OFFERS, south: 2 }, { type: 'courtesy.offer', seat: 'south' }],
    ['an offer once its pair agreed (the partner sees the lower offer only)', offer, 'courtesy', { ...NO_OFFERS, south: 2, north: 3 }, { type: 'courtesy.offer', seat: 'south' }],
    ['an offer of a pair that agreed, the other pair offering', offer, 'courtesy', { ...NO_OFFERS, east: 1, south: 2, north: 0 }, { type: 'courtesy.offer', seat: 'south' }],
    ['an offer of the pair still offering, the other pair agreed', { type: 'courtesy.offer', seat: 'east', count: 1 }, 'courtesy', { ...NO_OFFERS, east: 1, south: 2, north: 0 }, { type: 'courtesy.offer', seat: 'east' }],
    ['an offer without a seat while a pair offers', { type: 'courtesy.offer', count: 1 }, 'courtesy', { ...NO_OFFERS, east: 1 }, { type: 'courtesy.offer' }],
    ['a pass packet: its count, never its tiles', { type: 'pass.commit', seat: 'west', tiles: ['1B', '2B', '3B'], blind: 0 }, 'stopCheckpoint', NO_OFFERS, { type: 'pass.commit', seat: 'west', count: 3, blind: 0 }],
    ['a courtesy packet: its count', { type: 'courtesy.commit', seat: 'east', tiles: ['N'] }, 'courtesy', { ...NO_OFFERS, east: 1 }, { type: 'courtesy.commit', seat: 'east', count: 1 }],
  ];
  it.each(cases)('%s', (_name, event, phase, offers, expected) => {
    void offers;
    expect(facelessEvent(event, openChoices(phase))).toEqual(expected);
  });
  it('without open choices, shows votes and offers as before', () => {
    expect(facelessEvent(vote, NOTHING_OPEN)).toEqual(vote);
    expect(facelessEvent(offer)).toEqual(offer);
  });
});

describe('logFor with open choices', () => {
  const events: EventRow[] = [
    row(1, { type: 'vote.cast', seat: 'east', vote: 'stop' }),
    row(2, { type: 'misdeal.declare', seat: 'west' }),
    row(3, { type: 'hand.redeal' }),
    row(4, { type: 'vote.cast', seat: 'south', vote: 'continue' }),
  ];
  const cases: Array<[string, LogReader, Phase, unknown[]]> = [
    ['the admin at the checkpoint: the ended deal in full, the open vote as who voted', 'admin', 'stopCheckpoint', [events[0]?.event, events[1]?.event, events[2]?.event, { type: 'vote.cast', seat: 'south' }]],
    ['a member at the checkpoint: the ended deal only', 'member', 'stopCheckpoint', [events[0]?.event, events[1]?.event, events[2]?.event]],
    ['the operator at the checkpoint: everything', 'operator', 'stopCheckpoint', events.map((e) => e.event)],
    ['the admin once the vote is over', 'admin', 'secondCharleston.left', events.map((e) => e.event)],
    ['anyone once the hand ended', 'member', 'complete', events.map((e) => e.event)],
  ];
  it.each(cases)('%s', (_name, reader, phase, expected) => {
    const log = logFor(events, phase, reader, 1, openChoices(phase));
    expect(log.events.map((e) => e.event)).toEqual(expected);
  });
});
