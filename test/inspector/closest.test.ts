/** The inspector's seat panel reads a view's `closest` defensively: at most three, malformed entries dropped. */
import { describe, expect, it } from 'vitest';
import { closestOf } from '../../src/inspector/page/render-table.js';
import { label } from '../../src/inspector/page/labels.js';

describe("the inspector's closest hands", () => {
  it('keeps good entries, at most three, and nothing for a view without closest', () => {
    const good = { index: 1, section: '2468', text: '22a 444a 666a 8888a FF', missing: 4 };
    expect(closestOf(undefined)).toBeNull();
    expect(closestOf([good, { ...good, missing: 'x' }, null, { ...good, text: 3 }])).toEqual([good]);
    expect(closestOf([good, good, good, good])).toHaveLength(3);
  });

  it('words the distance in the four languages', () => {
    expect(label('en', 'tilesAway', { count: 1 })).toBe('1 tile away');
    expect(label('el', 'tilesAway', { count: 4 })).toBe('4 πλακίδια μακριά');
    expect(label('sw', 'tilesAway', { count: 2 })).toBe('vigae 2 mbali');
    expect(label('ca', 'tilesAway', { count: 2 })).toBe('a 2 fitxes');
  });
});
