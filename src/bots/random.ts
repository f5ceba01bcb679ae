/**
 * A random legal strategy, for fuzzing: any legal event, retracts and declarations included (rarely). While East's
 * declared hand is reviewed (R10) its only legal event is `declaration.accept` (a dispute is a misdeal, which bots
 * are not offered), so a random seat accepts.
 */
import { legalEvents } from '../legal.js';
import type { Strategy } from './strategy.js';

/** Picks uniformly among the legal events (a retract or East's declaration only now and then). */
export const randomStrategy: Strategy = {
  name: 'random',
  act(_view, legal, random) {
    const events = legalEvents(legal);
    const isRare = (event: (typeof events)[number]): boolean => event.type === 'pass.retract' || event.type === 'hand.declareMahjong';
    const main = events.filter((event) => !isRare(event));
    const rare = events.filter(isRare);
    const pool = rare.length > 0 && (main.length === 0 || random() < 0.05) ? rare : main;
    return pool[Math.floor(random() * pool.length)] ?? null;
  },
};
