/**
 * `charleston-engine/rules`: the checked low-level helpers under the table, for tools, tests and the wings: seat
 * directions (`targetOf`, `sourceOf`, `pairOf`, `partnerOf`), tile faces (`faceOf`, `facesOf`, `sortCodes`), deals
 * (`dealFromSeed`, `dealFromInput`), the documented PRNG (`mulberry32`, `seededShuffle`, `nextSeed`) and the IOU
 * resolution of a pass (`resolvePass`), the packet size of R1 (`PACKET_SIZE`), the order a hand is played in (`PLAY_ORDER`) and the phases that end it with an outcome (`OUTCOME_PHASES`). A table does not need them, so the core entry leaves them out; the
 * vocabulary they take (`SEATS`, `TILE_CODES`, the seed checks, `chachaWords`) stays in the core. Browser-safe.
 */
export { targetOf, sourceOf, pairOf, partnerOf, faceOf, facesOf, sortCodes, dealFromSeed, dealFromInput, mulberry32, seededShuffle, nextSeed, resolvePass } from '../public.js';
/** R1: a Charleston packet holds three tiles, own and blind together (`tiles.length + blind`). */
export { PACKET_SIZE } from '../rules/pass.js';
/** The phases of a hand in the order they are played when nothing ends it early (a pass resolves into the next one). */
export { PLAY_ORDER, OUTCOME_PHASES } from '../rules/play-order.js';
