/**
 * The low-level helpers of the core as the public entry exports them: each checks its arguments first and throws
 * an {@link InputError} naming the one of the wrong kind, then calls the engine's own function (which the engine's
 * hot paths call directly, unchecked).
 */
import {
  contextArgument,
  directionArgument,
  idListArgument,
  optionsArgument,
  phaseArgument,
  seatArgument,
  seedArgument,
  snapshotArgument,
  tileIdArgument,
  tileListArgument,
  validatorArgument,
} from './arguments.js';
import * as deal from './deal.js';
import { InputError, describeType, isRecord } from './errors.js';
import * as invariants from './invariants.js';
import * as legal from './legal.js';
import * as phase from './phase.js';
import * as prng from './prng.js';
import * as decideModule from './rules/decide.js';
import * as pass from './rules/pass.js';
import * as seats from './seats.js';
import * as tiles from './tiles.js';
import type { CharlestonContext, CharlestonEvent, MisdealRecord, Packet, Phase, Refusal, RefusalCode } from './types.js';
import { MISDEAL_REASONS, REFUSAL_CODES } from './types.js';
import * as views from './views.js';
import { LOCALES, type Catalog, type Locale, type MessageKey, type MessageParams, type PluralMessage } from './i18n/catalog.js';
import * as translate from './i18n/translate.js';
import * as prompt from './i18n/prompt.js';
import { en } from './i18n/en.js';
import type { Seat, Direction, Pair, BySeat } from './seats.js';
import type { Tile, TileId } from './tiles.js';
import type { Deal, DealInput } from './deal.js';
import type { StateValue } from './phase.js';
import type { LegalActions } from './legal.js';
import type { Result, RuleResult } from './types.js';
import * as eventShape from './rules/event-shape.js';
import * as machine from '../machines/charleston.machine.js';
import * as persistModule from './persist.js';
import * as run from './script/run.js';
import * as bots from './bots/table.js';
import { isTableLike } from './arguments.js';
import type { CharlestonEngine } from './engine.js';
import type { Script } from './script/script.js';
import type { RunOptions, ScriptResult } from './script/run.js';
import type { PlayOptions, PlayOutcome } from './bots/table.js';

/** The seat `direction` of `seat` receives its pass (right, across, left). */
export function targetOf(seat: Seat, direction: Direction): Seat {
  return seats.targetOf(seatArgument(seat), directionArgument(direction));
}

/** The seat whose `direction` pass `seat` receives. */
export function sourceOf(seat: Seat, direction: Direction): Seat {
  return seats.sourceOf(seatArgument(seat), directionArgument(direction));
}

/** The courtesy pair of a seat (R9). */
export function pairOf(seat: Seat): Pair {
  return seats.pairOf(seatArgument(seat));
}

/** The seat across: a seat's courtesy partner. */
export function partnerOf(seat: Seat): Seat {
  return seats.partnerOf(seatArgument(seat));
}

/** The face of a physical tile id. */
export function faceOf(id: TileId): Tile {
  return tiles.faceOf(tileIdArgument(id));
}

/** The faces of a list of tile ids, in order. */
export function facesOf(ids: readonly TileId[]): Tile[] {
  return tiles.facesOf(idListArgument(ids));
}

/** Tile codes sorted in set order (bams, craks, dots, winds, dragons, flowers, jokers). */
export function sortCodes(codes: readonly Tile[]): Tile[] {
  return tiles.sortCodes(tileListArgument(codes, 'codes'));
}

/** Deals a hand from a seed: east 14, the others 13, the rest is the wall. */
export function dealFromSeed(seed: prng.Seed): Deal {
  return deal.dealFromSeed(seedArgument(seed));
}

/** Turns an explicit deal (codes per seat, optional wall start) into physical tiles; `seed` orders ids and wall. */
export function dealFromInput(input: DealInput | unknown, seed: prng.Seed, where = 'deal'): Deal {
  if (typeof where !== 'string') throw new InputError('where', `must be text, got ${describeType(where)}`);
  return deal.dealFromInput(input, seedArgument(seed), where);
}

/** A mulberry32 generator for a 32-bit seed: each call returns the next unsigned 32-bit output. */
export function mulberry32(seed: number): () => number {
  if (!prng.isScriptSeed(seed)) throw new InputError('seed', `must be an integer 0 … 4294967295, got ${describeType(seed)}`);
  return prng.mulberry32(seed);
}

/** A copy of `items` shuffled by the seed's documented Fisher–Yates (see the seeds section of the reference). */
export function seededShuffle<T>(items: readonly T[], seed: prng.Seed, stream: prng.Stream = 'shuffle'): T[] {
  if (!Array.isArray(items)) throw new InputError('items', `must be a list, got ${describeType(items)}`);
  if (!prng.isStream(stream)) throw new InputError('stream', `not a stream: ${describeType(stream)} (${prng.STREAMS.join(', ')})`);
  return prng.seededShuffle(items, seedArgument(seed), stream);
}

/** The seed of the next hand after a misdeal (R12), derived from the current one. */
export function nextSeed(seed: number): number;
export function nextSeed(seed: prng.Seed): prng.Seed;
export function nextSeed(seed: prng.Seed): prng.Seed {
  return prng.nextSeed(seedArgument(seed));
}

/** The phase a machine state value is in. */
export function phaseOf(value: StateValue): Phase {
  if (typeof value !== 'string' && !isRecord(value)) throw new InputError('value', `must be a state value (snapshot.value), got ${describeType(value)}`);
  try {
    return phase.phaseOf(value);
  } catch (error) {
    throw new InputError('value', (error as Error).message);
  }
}

/** True when the dotted `path` is one of the state value's paths (`snapshot.matches` semantics). */
export function matchesPath(value: StateValue, path: string): boolean {
  if (typeof value !== 'string' && !isRecord(value)) throw new InputError('value', `must be a state value (snapshot.value), got ${describeType(value)}`);
  if (typeof path !== 'string') throw new InputError('path', `must be a dotted state path, got ${describeType(path)}`);
  const valid = (inner: unknown, depth: number): boolean =>
    typeof inner === 'string' || (depth < 4 && isRecord(inner) && Object.values(inner).every((v) => valid(v, depth + 1)));
  if (!valid(value, 0)) throw new InputError('value', 'must be a state value (snapshot.value)');
  return phase.matchesPath(value, path);
}

/** The phase of a snapshot (or of a table's current snapshot). */
export function phaseOfSnapshot(snapshot: Parameters<typeof views.viewFor>[0]): Phase {
  return phaseOf(snapshotArgument(snapshot).value as StateValue);
}

/** The refusal for an already well-shaped event in `phase`, or null when it is accepted (the rules, §R1–R12). */
export function refusalFor(phaseValue: Phase, context: CharlestonContext, event: CharlestonEvent, options: decideModule.DecideOptions = {}): Refusal | null {
  const parsed = decideModule.decide(phaseArgument(phaseValue), contextArgument(context), event, validatorOptions(options));
  if (parsed.ok) return null;
  const refusal = translate.renderRefusal(parsed.refusal);
  if (refusal.code === 'INVALID_EVENT' || refusal.code === 'UNKNOWN_SEAT' || refusal.code === 'UNKNOWN_TILE') {
    throw new InputError('event', `not a well-shaped event: ${refusal.message}`);
  }
  return refusal;
}

/** Decides any value in `phase`: the typed event the machine will accept, or the refusal (the order of the reference). */
export function decide(phaseValue: Phase, context: CharlestonContext, raw: unknown, options: decideModule.DecideOptions = {}): Result<CharlestonEvent> {
  return withMessage(decideModule.decide(phaseArgument(phaseValue), contextArgument(context), raw, validatorOptions(options)));
}

/** Checks any value's shape (group 1 of the refusal order): the typed event, or the refusal with its English message. */
export function parseEvent(raw: unknown): Result<CharlestonEvent> {
  return withMessage(eventShape.parseEvent(raw));
}

/** A rule's result with its refusal's message rendered (English: the default locale of every public function). */
function withMessage<T>(result: RuleResult<T>): Result<T> {
  return result.ok ? result : { ok: false, refusal: translate.renderRefusal(result.refusal) };
}

function validatorOptions(options: unknown): decideModule.DecideOptions {
  return validatorArgument(optionsArgument<decideModule.DecideOptions>(options).isWinningHand, 'options.isWinningHand');
}

/** Resolves a pass with the IOU method (R6): new racks, an empty table, what each seat received. */
export function resolvePass(context: Pick<CharlestonContext, 'racks' | 'table'>, direction: Direction): Pick<CharlestonContext, 'racks' | 'table' | 'received'> {
  const checked = contextArgument(context);
  const dir = directionArgument(direction);
  const missing = seats.SEATS.find((seat) => checked.table[seat] === null);
  if (missing !== undefined) throw new InputError(`context.table.${missing}`, 'has no packet: a pass resolves when all four have committed');
  return pass.resolvePass(checked, dir);
}

/** What is wrong with a context's tiles (152 in one place each, counts), as sentences; empty when sound. */
export function invariantViolations(context: CharlestonContext, phaseValue: Phase): string[] {
  return invariants.invariantViolations(contextArgument(context), phaseArgument(phaseValue));
}

/** The seats the table is waiting for in `phase` (not what they will choose). */
export function waitingFor(phaseValue: Phase, context: CharlestonContext): Seat[] {
  return views.waitingFor(phaseArgument(phaseValue), contextArgument(context));
}

/** Every distinct way to choose `size` tiles from a multiset of codes (as sorted code lists). */
export function multisetChoices(from: readonly Tile[], size: number): Tile[][] {
  const tilesFrom = tileListArgument(from, 'from', 14);
  if (!Number.isInteger(size) || size < 0 || size > 3) throw new InputError('size', `must be 0 … 3 (a packet), got ${describeType(size)}`);
  return legal.multisetChoices(tilesFrom, size);
}

/** Every concrete event the legal actions allow (packets as distinct multisets). */
export function legalEvents(actions: LegalActions, includeMisdeal = false): CharlestonEvent[] {
  if (!isRecord(actions) || !seats.isSeat(actions['seat'])) throw new InputError('actions', `must be what legalActions() returned, got ${describeType(actions)}`);
  const a = actions as unknown as LegalActions;
  if (a.pass !== null) tileListArgument(a.pass?.from, 'actions.pass.from', 14);
  if (a.courtesy !== null) tileListArgument(a.courtesy?.from, 'actions.courtesy.from', 14);
  for (const key of ['vote', 'offer'] as const) if (!Array.isArray(a[key])) throw new InputError(`actions.${key}`, 'must be a list');
  if (a.pass !== null && !Array.isArray(a.pass.blind)) throw new InputError('actions.pass.blind', 'must be a list');
  if (typeof includeMisdeal !== 'boolean') throw new InputError('includeMisdeal', `must be true or false, got ${describeType(includeMisdeal)}`);
  return legal.legalEvents(a, includeMisdeal);
}

function localeArgument(value: unknown, where = 'locale'): Locale {
  if (typeof value !== 'string') throw new InputError(where, `must be a language tag (${LOCALES.join(', ')}), got ${describeType(value)}`);
  return translate.resolveLocale(value).locale;
}

function paramsArgument(value: unknown): MessageParams {
  const params = optionsArgument<Record<string, unknown>>(value, 'params');
  for (const [key, v] of Object.entries(params)) {
    if (typeof v !== 'string' && typeof v !== 'number') throw new InputError(`params.${key}`, `must be text or a number, got ${describeType(v)}`);
  }
  return params as MessageParams;
}

/** A message of the catalogs in `locale` (an unknown locale or key falls back to English, then to the key). */
export function t(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  if (typeof key !== 'string') throw new InputError('key', `must be a message key, got ${describeType(key)}`);
  return translate.t(localeArgument(locale), key, paramsArgument(params));
}

/** A refusal's message in `locale`, from its code and params. */
export function refusalMessage(locale: Locale, code: RefusalCode, params: MessageParams = {}): string {
  if (!(REFUSAL_CODES as readonly unknown[]).includes(code)) throw new InputError('code', `not a refusal code: ${describeType(code)} (the codes are ${REFUSAL_CODES.join(', ')})`);
  return translate.refusalMessage(localeArgument(locale), code, paramsArgument(params));
}

/** The refusal with its message in `locale` (code and params never change). */
export function localizeRefusal(refusal: Refusal, locale: Locale): Refusal {
  if (!isRecord(refusal) || !(REFUSAL_CODES as readonly unknown[]).includes(refusal['code'])) {
    throw new InputError('refusal', `must be a refusal { code, message, params? }, got ${describeType(refusal)}`);
  }
  paramsArgument((refusal as Refusal).params);
  return translate.localizeRefusal(refusal as Refusal, localeArgument(locale));
}

/** A message entry argument: a template, or plural forms with an `other` form. */
function messageArgument(value: unknown, where: string): string | PluralMessage {
  if (typeof value === 'string') return value;
  if (isRecord(value) && Object.values(value).every((form) => typeof form === 'string') && typeof value['other'] === 'string') return value as unknown as PluralMessage;
  throw new InputError(where, `must be a template or plural forms { one?, other, … }, got ${describeType(value)}`);
}

/**
 * Renders a wing's own message (a template, or plural forms chosen by `params.count`) with the catalogs' placeholder
 * rules; `{name|ns}` looks in `extra` (the wing's catalog for `locale`) before the core's catalog.
 */
export function formatMessage(locale: Locale, message: string | PluralMessage, params: MessageParams = {}, extra?: translate.ExtraEntries): string {
  const entries = extra === undefined ? undefined : optionsArgument<Record<string, unknown>>(extra, 'extra');
  if (entries !== undefined) for (const [key, entry] of Object.entries(entries)) messageArgument(entry, `extra.${key}`);
  return translate.formatMessage(localeArgument(locale), messageArgument(message, 'message'), paramsArgument(params), entries as translate.ExtraEntries | undefined);
}

/** Loads a locale's catalog (`charleston-engine/locales` does it for ca, sw and el). */
export function registerCatalog(locale: Locale, catalog: Catalog): void {
  if (!translate.isLocale(locale)) throw new InputError('locale', `not a locale: ${describeType(locale)} (the locales are ${LOCALES.join(', ')})`);
  if (!isRecord(catalog)) throw new InputError('catalog', `must be a catalog object, got ${describeType(catalog)}`);
  const missing = Object.keys(en).find((key) => {
    const entry = (catalog as Record<string, unknown>)[key];
    return typeof entry !== 'string' && !isRecord(entry);
  });
  if (missing !== undefined) throw new InputError(`catalog.${missing}`, 'missing: a catalog has every key of the English one');
  translate.registerCatalog(locale, catalog);
}

export type { Packet, BySeat };

/** The machine with R10's validator provided, for `createActor` or `invoke` in a game machine. */
export function createCharlestonMachine(options: decideModule.DecideOptions = {}): ReturnType<typeof machine.createCharlestonMachine> {
  return machine.createCharlestonMachine(validatorOptions(options));
}

/** The persisted form of a snapshot (or of a table's current snapshot). */
export function toPersisted(snapshot: Parameters<typeof persistModule.toPersisted>[0]): persistModule.PersistedTable {
  return persistModule.toPersisted(snapshotArgument(snapshot));
}

/** Versioned JSON text of the table. Secret: it holds every rack, the wall and the seed. */
export function persist(table: Pick<CharlestonEngine, 'getSnapshot'>): string {
  if (!isTableLike(table)) throw new InputError('table', `must be a table (createCharleston, restore), got ${describeType(table)}`);
  return persistModule.persist({ getSnapshot: () => snapshotArgument(table, 'table') });
}

/** Runs a parsed script (see `parseScript`) and reports every step. */
export function runScript(script: Script, options: RunOptions = {}): ScriptResult {
  if (!isRecord(script) || !Array.isArray(script['steps'])) throw new InputError('script', `must be a parsed script (parseScript, parseScriptText), got ${describeType(script)}`);
  return run.runScript(script as unknown as Script, optionsArgument<RunOptions>(options) as RunOptions);
}

/** Plays a hand with bots until it is over, the event budget runs out, or nobody can act. */
export function playHand(options: PlayOptions = {}): PlayOutcome {
  const checked = optionsArgument<PlayOptions>(options);
  if (checked.seed !== undefined) seedArgument(checked.seed, 'options.seed');
  if (checked.botSeed !== undefined) seedArgument(checked.botSeed, 'options.botSeed');
  if (checked.service !== undefined && !isTableLike(checked.service)) throw new InputError('options.service', `must be a table, got ${describeType(checked.service)}`);
  if (checked.maxEvents !== undefined && !(Number.isInteger(checked.maxEvents) && checked.maxEvents >= 0)) {
    throw new InputError('options.maxEvents', `must be a whole number, got ${describeType(checked.maxEvents)}`);
  }
  if (checked.strategies !== undefined) {
    const strategies = optionsArgument<Record<string, unknown>>(checked.strategies, 'options.strategies');
    for (const [seat, strategy] of Object.entries(strategies)) {
      seatArgument(seat, `options.strategies.${seat}`);
      if (!isRecord(strategy) || typeof strategy['act'] !== 'function') throw new InputError(`options.strategies.${seat}`, 'must be a strategy { name, act }');
    }
  }
  for (const key of ['onEvent', 'beforeEvent'] as const) {
    if (checked[key] !== undefined && typeof checked[key] !== 'function') throw new InputError(`options.${key}`, `must be a function, got ${describeType(checked[key])}`);
  }
  return bots.playHand(checked as PlayOptions);
}

/**
 * Why the hand is dead, in `locale`, from a view's `misdeal` (`viewFor(…).misdeal`): the words the declaring person
 * typed when there are any, else the wording of its code (who declared or disputed it, or the wrong counts). The
 * view's own `reason` is the same text in the table's language; a page in another language renders it with this.
 */
export function misdealText(locale: Locale, misdeal: NonNullable<views.SeatView['misdeal']>): string {
  if (!isRecord(misdeal) || !(MISDEAL_REASONS as readonly unknown[]).includes(misdeal['code'])) {
    throw new InputError('misdeal', `must be a view's misdeal { by, code, counts?, text? } with a code of ${MISDEAL_REASONS.join(', ')}, got ${describeType(misdeal)}`);
  }
  const by = misdeal.by === null ? null : seatArgument(misdeal.by, 'misdeal.by');
  const record: MisdealRecord = { by, reason: misdeal.code };
  if (misdeal.counts !== undefined) {
    if (!isRecord(misdeal.counts)) throw new InputError('misdeal.counts', `must be counts by seat, got ${describeType(misdeal.counts)}`);
    record.counts = misdeal.counts;
  }
  if (misdeal.text !== undefined) {
    if (typeof misdeal.text !== 'string') throw new InputError('misdeal.text', `must be text, got ${describeType(misdeal.text)}`);
    record.text = misdeal.text;
  }
  return translate.misdealReasonText(localeArgument(locale), record);
}

/** What a seat should do now, in `locale`, from its own view ("Pass three tiles to your right.", the vote …). */
export function promptFor(locale: Locale, view: prompt.PromptInput): string {
  if (!isRecord(view) || !seats.isSeat(view['seat']) || !isRecord(view['packetOnTable']) || !Array.isArray(view['waitingFor'])) {
    throw new InputError('view', `must be a seat's view (viewFor(snapshot, seat)), got ${describeType(view)}`);
  }
  phaseArgument((view as { phase: unknown }).phase, 'view.phase');
  return prompt.promptFor(localeArgument(locale), view as unknown as prompt.PromptInput);
}
