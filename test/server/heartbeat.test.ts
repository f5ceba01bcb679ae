/**
 * The heartbeat pings each live connection once per interval, a slice per tick (never all at once), and drops a
 * connection that did not answer its previous ping by its next turn. Fake timers: no test waits on the clock.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat, type Pingable } from '../../src/server/heartbeat.js';

afterEach(() => {
  vi.useRealTimers();
});

class FakeSocket implements Pingable {
  pings: number[] = [];
  terminated = false;
  ping(): void {
    this.pings.push(Date.now());
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('Heartbeat', () => {
  it('pings every connection once per interval, a slice per tick: never more than its share at once', () => {
    vi.useFakeTimers({ now: 0 });
    const heartbeat = new Heartbeat<FakeSocket>(30_000);
    expect(heartbeat.slices).toBe(120);
    const sockets = Array.from({ length: 4_000 }, () => new FakeSocket());
    for (const socket of sockets) heartbeat.add(socket);
    const pingedPerTick: number[] = [];
    let before = 0;
    for (let tick = 0; tick < 120; tick += 1) {
      vi.advanceTimersByTime(250);
      const total = sockets.reduce((sum, socket) => sum + socket.pings.length, 0);
      pingedPerTick.push(total - before);
      before = total;
      for (const socket of sockets) heartbeat.alive(socket); // every client answers
    }
    // One interval: every connection pinged exactly once, at most ceil(4000 / 120) = 34 in one tick.
    expect(sockets.every((socket) => socket.pings.length === 1)).toBe(true);
    expect(Math.max(...pingedPerTick)).toBeLessThanOrEqual(34);
    expect(Math.min(...pingedPerTick)).toBeGreaterThanOrEqual(33);
    // The next interval pings each again, 30 s after its first ping.
    vi.advanceTimersByTime(30_000);
    expect(sockets.every((socket) => socket.pings.length === 2 && (socket.pings[1] as number) - (socket.pings[0] as number) === 30_000)).toBe(true);
    expect(sockets.some((socket) => socket.terminated)).toBe(false);
    heartbeat.stop();
  });

  it('drops a connection that did not answer its last ping by its next turn, and only that one', () => {
    vi.useFakeTimers({ now: 0 });
    const heartbeat = new Heartbeat<FakeSocket>(1_000);
    const [quiet, answering] = [new FakeSocket(), new FakeSocket()];
    heartbeat.add(quiet);
    heartbeat.add(answering);
    vi.advanceTimersByTime(1_000); // both pinged once
    expect([quiet.pings.length, answering.pings.length]).toEqual([1, 1]);
    heartbeat.alive(answering);
    vi.advanceTimersByTime(1_000); // quiet's turn again: no pong since its ping
    expect(quiet.terminated).toBe(true);
    expect(quiet.pings.length).toBe(1);
    expect(answering.terminated).toBe(false);
    expect(answering.pings.length).toBe(2);
    vi.advanceTimersByTime(5_000); // a dropped connection is not pinged again
    expect(quiet.pings.length).toBe(1);
    heartbeat.stop();
  });

  it('pings no connection that was removed, and nothing after stop()', () => {
    vi.useFakeTimers({ now: 0 });
    const heartbeat = new Heartbeat<FakeSocket>(1_000);
    const [closed, open] = [new FakeSocket(), new FakeSocket()];
    heartbeat.add(closed);
    heartbeat.add(open);
    heartbeat.remove(closed);
    vi.advanceTimersByTime(1_000);
    expect(closed.pings.length).toBe(0);
    expect(open.pings.length).toBe(1);
    heartbeat.stop();
    vi.advanceTimersByTime(10_000);
    expect(open.pings.length).toBe(1);
    expect(open.terminated).toBe(false);
  });

  it('with an interval shorter than a tick, pings every connection each interval (one slice)', () => {
    vi.useFakeTimers({ now: 0 });
    const heartbeat = new Heartbeat<FakeSocket>(100);
    expect(heartbeat.slices).toBe(1);
    const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const socket of sockets) heartbeat.add(socket);
    vi.advanceTimersByTime(100);
    expect(sockets.map((socket) => socket.pings.length)).toEqual([1, 1, 1]);
    heartbeat.stop();
  });
});
