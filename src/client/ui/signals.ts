/**
 * The page's side of "your turn": the tab's title, one vibration where the platform has it, and a short tone made
 * in the page with the Web Audio API (an oscillator: no audio file, nothing fetched) when the sound toggle is on.
 * The toggle is remembered on the device. What became the seat's is decided by the pure `your-turn.ts`.
 */
import { useEffect, useRef, useState } from 'react';
import type { LegalActions, Locale, PublicView, SeatView } from '../../index.js';
import { becameMine, turnOf, turnTitle, type Turn } from '../your-turn.js';

/** Where the sound toggle is remembered. */
export const SOUND_KEY = 'charleston.sound';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The sound toggle, off by default, remembered on the device ("on" or absent). */
export function useSoundSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => storage()?.getItem(SOUND_KEY) === 'on');
  const set = (next: boolean): void => {
    setOn(next);
    try {
      if (next) storage()?.setItem(SOUND_KEY, 'on');
      else storage()?.removeItem(SOUND_KEY);
    } catch {
      // A refused storage: the toggle holds for this page only.
    }
    // Switched on by a tap: the audio context is made now, so the browser lets it play later.
    if (next) audio();
  };
  return [on, set];
}

let context: AudioContext | null = null;

/** The page's one audio context, made at first use; null where the platform has none. */
function audio(): AudioContext | null {
  if (context !== null) return context;
  const Maker = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (typeof Maker !== 'function') return null;
  try {
    context = new Maker();
  } catch {
    context = null;
  }
  return context;
}

/** A short soft tone (two notes, a third apart), about a quarter of a second. */
export function playTone(): void {
  const ctx = audio();
  if (ctx === null) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime;
    [660, 880].forEach((frequency, index) => {
      const at = start + index * 0.12;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      oscillator.connect(gain);
      gain.connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.15);
    });
  } catch {
    // No sound is better than a broken page.
  }
}

/** One short vibration where the platform allows it. */
export function vibrateOnce(): void {
  try {
    if (typeof navigator.vibrate === 'function') navigator.vibrate(200);
  } catch {
    // Not allowed here: nothing to do.
  }
}

/**
 * The tab's title says whose turn it is (in the page's language), and a decision that becomes this seat's is
 * signalled once: a vibration, and the tone when `sound` is on. The first view only sets the title (the person has
 * just opened the page); a view of a watcher (no `legal`) signals nothing.
 */
export function useYourTurn(locale: Locale, view: SeatView | PublicView | null, legal: LegalActions | null, sound: boolean): void {
  const now = turnOf(view, legal);
  const kind = now?.kind ?? null;
  useEffect(() => {
    document.title = turnTitle(locale, kind);
  }, [locale, kind]);
  useEffect(() => () => void (document.title = turnTitle(locale, null)), []);
  const last = useRef<Turn | null | undefined>(undefined);
  const soundOn = useRef(sound);
  soundOn.current = sound;
  const key = now === null ? '' : `${now.kind}:${now.hand}:${now.phase}`;
  useEffect(() => {
    if (view === null) return;
    if (last.current === undefined) {
      last.current = now;
      return;
    }
    const mine = becameMine(last.current, now);
    if (now !== null) last.current = now;
    if (mine === null) return;
    vibrateOnce();
    if (soundOn.current) playTone();
    // Only a new decision matters here, not every view.
  }, [key, view === null]);
}
