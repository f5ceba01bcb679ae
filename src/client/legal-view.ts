/**
 * Legal actions computed from a seat's own view, for a client that only has what the server sends (the
 * engine's `legalActions` needs the whole snapshot). It follows the engine's checks field by field; the
 * engine stays the judge: a refusal from the server is shown as it comes. Two things a view cannot tell:
 * whether East's rack is a winning hand under the table's rules (the declaration is offered while it is
 * on time), and, for a short North in the courtesy pass, whether its pair has already exchanged.
 */
import { JOKER, PASS_RULES, sortCodes, type LegalActions, type SeatView, type Tile } from '../index.js';

const ENDED = ['complete', 'eastMahjong', 'misdeal'] as const;

/** The seat's natural tiles (no jokers), sorted, as the engine lists them. */
export function naturalTiles(view: Pick<SeatView, 'rack'>): Tile[] {
  return sortCodes(view.rack.map((tile) => tile.tile).filter((tile) => tile !== JOKER));
}

/** What the view's seat may do now, in the engine's {@link LegalActions} shape. */
export function legalFromView(view: SeatView): LegalActions {
  const { seat, phase } = view;
  const rule = PASS_RULES[phase];
  const inPlay = !(ENDED as readonly string[]).includes(phase);
  const hasPacket = view.packetOnTable[seat];
  const from = naturalTiles(view);
  const courtesy = phase === 'courtesy' ? view.courtesy : null;
  // A seat of a pair that has not exchanged yet is waiting to commit (or has a packet down); a short North is
  // listed among the waiting seats for its draw, so its own listing says nothing about its pair.
  const waitingToCommit = view.waitingFor.includes(seat);
  const agreed = courtesy?.agreed ?? null;
  const pairOpen = courtesy !== null && agreed !== null && agreed > 0 && (hasPacket || waitingToCommit);
  const blind = rule && !hasPacket ? (rule.blindAllowed ? [0, 1, 2, 3] : [0]).filter((b) => from.length >= 3 - b) : [];
  return {
    seat,
    phase,
    pass: blind.length > 0 ? { from, blind } : null,
    retract: hasPacket && (rule !== undefined || pairOpen),
    vote: phase === 'stopCheckpoint' && view.vote === null ? ['stop', 'continue'] : [],
    offer: courtesy !== null && courtesy.offer === null && agreed === null ? [0, 1, 2, 3] : [],
    courtesy: pairOpen && !hasPacket && agreed !== null && from.length >= agreed ? { count: agreed, from } : null,
    declareMahjong: seat === 'east' && phase === 'firstCharleston.right' && !Object.values(view.packetOnTable).some(Boolean),
    draw: seat === 'north' && view.northShort && inPlay,
    declareMisdeal: inPlay,
    redeal: phase === 'misdeal',
  };
}
