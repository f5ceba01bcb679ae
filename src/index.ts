/**
 * The embeddable core of the Charleston engine: browser-safe (no Node-only imports), ESM with types. It holds what
 * runs and shows a table; the rest has entry points of its own, so that an app carries only what it imports:
 * `charleston-engine/bots` (strategies, `playHand`, `legalEvents`), `charleston-engine/scripts` (the script format),
 * `charleston-engine/persist` (`restore`, `invariantViolations`), `charleston-engine/rules` (`faceOf`, `dealFromSeed`,
 * `mulberry32`, `resolvePass` and the other low-level helpers), `charleston-engine/i18n` (`t`, `formatMessage`, `promptFor`),
 * `charleston-engine/locales` (the ca, sw and el catalogs), the CLI (`charleston-engine/cli`) and the inspector.
 */
export { SEATS, DIRECTIONS, PAIRS, PAIR_SEATS, isSeat } from './seats.js';
export type { Seat, BySeat, Direction, Pair } from './seats.js';
export { TILE_CODES, JOKER, SET_SIZE, isTile } from './tiles.js';
export type { Tile, TileId } from './tiles.js';
export type { Deal, DealInput } from './deal.js';
export { isSeed, isScriptSeed, isHexSeed, freshSeed, chachaWords, MAX_SEED } from './prng.js';
export type { Seed, Stream } from './prng.js';
export { InputError, TableStoppedError, EngineBugError } from './errors.js';
export { REFUSAL_CODES, PASS_RULES, MAX_ECHO } from './types.js';
export type {
  CharlestonEvent,
  CharlestonEventType,
  CharlestonContext,
  Refusal,
  RefusalCode,
  RefusalParams,
  RefusalParamsByCode,
  NotNowReason,
  InvalidEventProblem,
  ValidatorProblem,
  MisdealReason,
  PassPhase,
  Packet,
  Phase,
  PassRule,
  RuleOptions,
  Vote,
  MisdealRecord,
  WinningHandValidator,
  Result,
} from './types.js';
export { charlestonMachine } from '../machines/charleston.machine.js';
export { createCharlestonMachine } from './public.js';
export type { RejectedEmitted } from '../machines/charleston.machine.js';
export { createCharleston } from './engine.js';
export { phaseOfSnapshot } from './public.js';
export type { CharlestonEngine, CharlestonService, CharlestonOptions, CharlestonSnapshot, SendResult, RejectedNotice, InspectOption } from './engine.js';
export type { CharlestonSetup } from './input.js';
export type { CharlestonOutput, CharlestonOutcome } from './output.js';
export { decide, refusalFor } from './public.js';
export { EVENT_TYPES } from './rules/event-shape.js';
export { parseEvent } from './public.js';
export { PHASES } from './phase.js';
export { phaseOf } from './public.js';
export { viewFor } from './views.js';
export { waitingFor } from './public.js';
export type { PublicView, SeatView, TileView, ViewOptions } from './views.js';
export { LOCALES, DEFAULT_LOCALE } from './i18n/catalog.js';
export type { Locale, MessageKey, MessageParams, Catalog, PluralMessage } from './i18n/catalog.js';
export { resolveLocale, isLocale, CATALOGS } from './i18n/translate.js';
export { t, localizeRefusal, refusalMessage } from './public.js';
export type { ResolvedLocale } from './i18n/translate.js';
export { legalActions } from './legal.js';
export type { LegalActions, LegalActionOptions } from './legal.js';
export { PERSIST_VERSION, PERSIST_FORMAT, MAX_HAND, MAX_PERSISTED_LENGTH } from './persist.js';
export { persist, toPersisted } from './public.js';
export type { PersistedTable } from './persist.js';
