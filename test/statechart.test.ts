/**
 * docs/statechart.md is generated from the machine: it must be up to date, and the diagram must show every
 * fixed state of the contract (§4) and an edge for every event type (§5).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { charlestonMachine } from '../machines/charleston.machine.js';
import { STATECHART_DOC, statechartDoc } from '../scripts/gen-statechart.js';
import { rootHandlers, toMermaid } from '../scripts/statechart.js';

const diagram = toMermaid(charlestonMachine);
const lines = diagram.split('\n').map((line) => line.trim());

/** The edges of the diagram as `from`, `to`, `label`. */
const edges = lines.flatMap((line) => {
  const match = /^(\S+) --> (\S+)(?: : (.*))?$/.exec(line);
  return match ? [{ from: match[1] ?? '', to: match[2] ?? '', label: match[3] ?? '' }] : [];
});

/** True when the diagram declares state `id` (a plain state, a composite block or an aliased nested state). */
function declares(id: string): boolean {
  return lines.some((line) => line === id || line === `state ${id} {` || new RegExp(`^state "[^"]+" as ${id}$`).test(line));
}

describe('docs/statechart.md', () => {
  it('is the freshly generated text', () => {
    const onDisk = readFileSync(STATECHART_DOC, 'utf8');
    expect(onDisk, 'docs/statechart.md is out of date: run `npm run docs`').toBe(statechartDoc());
  });

  it('is deterministic', () => {
    expect(toMermaid(charlestonMachine)).toBe(diagram);
  });
});

describe('toMermaid(charlestonMachine)', () => {
  it('is a state diagram', () => {
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(diagram).not.toMatch(/\b\w+\.\w+ -->|--> \w+\.\w+/); // no dotted ids
  });

  it.each([
    'deal',
    'firstCharleston',
    'firstCharleston_right',
    'firstCharleston_across',
    'firstCharleston_left',
    'stopCheckpoint',
    'secondCharleston',
    'secondCharleston_left',
    'secondCharleston_across',
    'secondCharleston_right',
    'courtesy',
    'courtesy_eastWest',
    'courtesy_southNorth',
    'complete',
    'eastMahjong',
    'misdeal',
  ])('declares the state %s', (id) => {
    expect(declares(id)).toBe(true);
  });

  it('nests the passes in their Charleston and labels them by direction', () => {
    const block = diagram.slice(diagram.indexOf('state firstCharleston {'), diagram.indexOf('state secondCharleston {'));
    expect(block).toContain('state "right" as firstCharleston_right');
    expect(block).toContain('state "across" as firstCharleston_across');
    expect(block).toContain('state "left" as firstCharleston_left');
    expect(block).toContain('[*] --> firstCharleston_right');
  });

  it('draws courtesy as a parallel state with two regions', () => {
    const block = diagram.slice(diagram.indexOf('state courtesy {'));
    const eastWest = block.indexOf('state courtesy_eastWest {');
    const divider = block.indexOf('\n        --\n');
    const southNorth = block.indexOf('state courtesy_southNorth {');
    expect(eastWest).toBeGreaterThan(0);
    expect(divider).toBeGreaterThan(eastWest);
    expect(southNorth).toBeGreaterThan(divider);
  });

  it('ends the final states', () => {
    for (const id of ['complete', 'eastMahjong', 'courtesy_eastWest_done', 'courtesy_southNorth_done']) {
      expect(edges).toContainEqual({ from: id, to: '[*]', label: '' });
    }
    expect(edges.filter((edge) => edge.from === 'misdeal' && edge.to === '[*]')).toEqual([]);
  });

  it.each([
    'pass.commit',
    'pass.retract',
    'vote.cast',
    'courtesy.offer',
    'courtesy.commit',
    'hand.declareMahjong',
    'wall.draw',
    'misdeal.declare',
    'hand.redeal',
  ])('has an edge for %s', (type) => {
    expect(edges.some((edge) => edge.label === type || edge.label.startsWith(`${type} [`))).toBe(true);
  });

  it('labels edges with the event and the guard, eventless ones with always', () => {
    expect(edges).toContainEqual({ from: 'firstCharleston_right', to: 'firstCharleston_right', label: 'pass.commit [isLegalCommit(phase=firstCharleston.right)]' });
    expect(edges).toContainEqual({ from: 'firstCharleston_left', to: 'firstCharleston_left', label: 'pass.commit [isLegalCommit(phase=firstCharleston.left)]' });
    expect(edges).toContainEqual({ from: 'firstCharleston_right', to: 'firstCharleston_across', label: 'always [allSeatsCommitted]' });
    expect(edges).toContainEqual({ from: 'firstCharleston_left', to: 'stopCheckpoint', label: 'always [allSeatsCommitted]' });
    expect(edges).toContainEqual({ from: 'firstCharleston_right', to: 'eastMahjong', label: 'hand.declareMahjong [isWinningOpening(phase=firstCharleston.right)]' });
    expect(edges).toContainEqual({ from: 'stopCheckpoint', to: 'courtesy', label: 'vote.cast [isStopVote]' });
    expect(edges).toContainEqual({ from: 'stopCheckpoint', to: 'secondCharleston', label: 'always [allSeatsContinued]' });
    expect(edges).toContainEqual({ from: 'courtesy', to: 'complete', label: 'always [isCourtesyOver]' });
    expect(edges).toContainEqual({ from: 'misdeal', to: 'deal', label: 'hand.redeal' });
    expect(edges).toContainEqual({ from: 'deal', to: 'firstCharleston', label: 'always' });
  });

  it('lists the transitions a composite state handles for all its children in a note', () => {
    const note = diagram.slice(diagram.indexOf('note right of firstCharleston\n'));
    expect(note.slice(0, note.indexOf('end note'))).toContain('pass.retract [hasCommitted]');
    expect(rootHandlers(charlestonMachine)).toEqual(['engine.refused', 'engine.submit']);
  });

  it('writes every edge after both of its ends are declared (Mermaid puts a state in the first block naming it)', () => {
    // `[*] --> initial` opens its own block, where the initial state is declared next.
    for (const edge of edges.filter(({ from }) => from !== '[*]')) {
      const at = lines.findIndex((line) => line.startsWith(`${edge.from} --> ${edge.to}`));
      for (const id of [edge.from, edge.to].filter((end) => end !== '[*]')) {
        const declared = lines.findIndex((line) => line === id || line === `state ${id} {` || line.endsWith(` as ${id}`));
        expect(declared, `${id} declared before ${edge.from} --> ${edge.to}`).toBeGreaterThanOrEqual(0);
        expect(declared).toBeLessThan(at);
      }
    }
  });
});
