/**
 * The page's "your turn" signals observed in real Chromium: an init script replaces `navigator.vibrate` and the
 * Web Audio API's `AudioContext` with recorders before the page's own code runs, as the test hooks allow.
 */
import type { Page } from 'playwright-core';

/** What the page asked for: vibrations, and oscillators started (a tone is two). */
export interface Signals {
  vibrate: number;
  oscillators: number;
}

/** Installs the recorders on `page` (before it loads). */
export async function recordSignals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { vibrate: 0, oscillators: 0 };
    (window as unknown as { __signals: typeof seen }).__signals = seen;
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: () => {
        seen.vibrate += 1;
        return true;
      },
    });
    const param = { value: 0, setValueAtTime: () => param, exponentialRampToValueAtTime: () => param };
    class RecordingAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume(): Promise<void> {
        return Promise.resolve();
      }
      createOscillator() {
        return { type: 'sine', frequency: { ...param }, connect: () => undefined, start: () => void (seen.oscillators += 1), stop: () => undefined };
      }
      createGain() {
        return { gain: { ...param }, connect: () => undefined };
      }
    }
    Object.defineProperty(window, 'AudioContext', { configurable: true, value: RecordingAudioContext });
  });
}

/** The signals the page asked for so far. */
export function signalsOf(page: Page): Promise<Signals> {
  return page.evaluate(() => ({ ...(window as unknown as { __signals: { vibrate: number; oscillators: number } }).__signals }));
}
