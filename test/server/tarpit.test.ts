/** The tarpit holds answers over a limit for a while, never more than its bound at once, and lets all go on release. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tarpit } from '../../src/server/tarpit.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('Tarpit', () => {
  it('holds an answer for its delay, scaled and capped at five times', async () => {
    vi.useFakeTimers();
    const tarpit = new Tarpit({ millis: 1_000, maxHeld: 10 });
    let plain = false;
    let scaled = false;
    void tarpit.hold().then(() => (plain = true));
    void tarpit.hold(100).then(() => (scaled = true));
    expect(tarpit.held).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(plain).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(plain).toBe(true);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(scaled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(scaled).toBe(true);
    expect(tarpit.held).toBe(0);
  });

  it('never holds more than maxHeld: past it an answer leaves at once', async () => {
    vi.useFakeTimers();
    const tarpit = new Tarpit({ millis: 1_000, maxHeld: 2 });
    void tarpit.hold();
    void tarpit.hold();
    expect(await tarpit.hold()).toBe(false);
    expect(tarpit.held).toBe(2);
  });

  it('is off with a delay of 0, and release() lets every held answer go', async () => {
    expect(await new Tarpit({ millis: 0, maxHeld: 10 }).hold()).toBe(false);
    vi.useFakeTimers();
    const tarpit = new Tarpit({ millis: 60_000, maxHeld: 10 });
    const held = [tarpit.hold(), tarpit.hold()];
    tarpit.release();
    expect(await Promise.all(held)).toEqual([true, true]);
    expect(tarpit.held).toBe(0);
  });
});
