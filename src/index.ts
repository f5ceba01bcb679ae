/**
 * The embeddable core of the Charleston engine: browser-safe (no Node-only imports), ESM with types.
 * The CLI (`charleston-engine/cli`) and the inspector live behind their own entry points.
 */
export { SEATS, DIRECTIONS, PAIRS, PAIR_SEATS, targetOf, sourceOf, pairOf, partnerOf, isSeat } from './seats.js';
export type { Seat, BySeat, Direction, Pair } from './seats.js';
export { TILE_CODES, JOKER, SET_SIZE, isTile, faceOf, facesOf, sortCodes } from './tiles.js';
export type { Tile, TileId } from './tiles.js';
export { dealFromSeed, dealFromInput } from './deal.js';
export type { Deal, DealInput } from './deal.js';
export { mulberry32, seededShuffle, nextSeed, isSeed, MAX_SEED } from './prng.js';
export { InputError } from './errors.js';
export { REFUSAL_CODES, PASS_RULES } from './types.js';
export type {
  CharlestonEvent,
  CharlestonEventType,
  CharlestonContext,
  Refusal,
  RefusalCode,
  Packet,
  Phase,
  PassRule,
  RuleOptions,
  Vote,
  MisdealRecord,
  WinningHandValidator,
  Result,
} from './types.js';
export { charlestonMachine, createCharlestonMachine } from '../machines/charleston.machine.js';
export type { RejectedEmitted } from '../machines/charleston.machine.js';
export { createCharleston, phaseOfSnapshot } from './service.js';
export type { CharlestonService, CharlestonOptions, CharlestonSnapshot, SendResult, RejectedNotice, InspectOption } from './service.js';
export { decide, refusalFor } from './rules/decide.js';
export { parseEvent, EVENT_TYPES } from './rules/event-shape.js';
export { resolvePass } from './rules/pass.js';
export { invariantViolations } from './invariants.js';
export { phaseOf, matchesPath, PHASES } from './phase.js';
export { parseScript, parseScriptText } from './script/script.js';
export type { Script, ScriptStep, Expectation, RackExpectation } from './script/script.js';
export { runScript } from './script/run.js';
export type { ScriptResult, StepResult, StepFailure, RunOptions } from './script/run.js';
export { viewFor, waitingFor } from './views.js';
export type { PublicView, SeatView, TileView, ViewOptions } from './views.js';
export { LOCALES, DEFAULT_LOCALE } from './i18n/catalog.js';
export type { Locale, MessageKey, MessageParams, Catalog, PluralMessage } from './i18n/catalog.js';
export { t, resolveLocale, isLocale, localizeRefusal, refusalMessage, registerCatalog, CATALOGS } from './i18n/translate.js';
export type { ResolvedLocale } from './i18n/translate.js';
export { legalActions, legalEvents, multisetChoices } from './legal.js';
export type { LegalActions } from './legal.js';
export { persist, restore, readPersisted, toPersisted, RestoreError, PERSIST_VERSION, PERSIST_FORMAT } from './persist.js';
export type { PersistedTable, RestoreProblem, RestoreOptions } from './persist.js';
export type { Strategy } from './bots/strategy.js';
export { teacherStrategy } from './bots/teacher.js';
export { randomStrategy } from './bots/random.js';
export { playHand, STRATEGIES } from './bots/table.js';
export type { PlayOptions, PlayOutcome, PlayedEvent } from './bots/table.js';
