/** The creation limit's sliding minute: never more than its maximum in any window, even across a window's edge. */
import { describe, expect, it } from 'vitest';
import { SlidingWindow } from '../../src/server/rate.js';

describe('SlidingWindow', () => {
  it('lets at most max through in any window, so a burst at an edge cannot pass twice the limit', () => {
    const window = new SlidingWindow(3, 60_000);
    // Three at the end of one minute...
    expect([59_000, 59_500, 59_900].map((at) => window.take('a', at))).toEqual([true, true, true]);
    // ...and none at the start of the next: a fixed window would have let three more through here.
    expect([60_100, 61_000, 118_999].map((at) => window.take('a', at))).toEqual([false, false, false]);
    // A minute after the first, one slot is free again, and only one.
    expect(window.take('a', 119_000)).toBe(true);
    expect(window.take('a', 119_001)).toBe(false);
  });

  it('keeps each key apart, and a refused attempt takes no slot', () => {
    const window = new SlidingWindow(1, 1_000);
    expect(window.take('a', 0)).toBe(true);
    expect(window.take('b', 0)).toBe(true);
    expect(window.take('a', 500)).toBe(false);
    expect(window.take('a', 1_000)).toBe(true);
  });
});
