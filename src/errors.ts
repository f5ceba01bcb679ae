/**
 * Thrown for bad input that is not an event: a deal that is not a sub-multiset of the set, unknown rule
 * options, a malformed script or persisted snapshot. `where` names the place (`deal.north[3]`, `steps[2].expect`).
 * Nothing is created or changed when it is thrown.
 */
export class InputError extends Error {
  /** Where in the input the problem is, as a dotted path. */
  readonly where: string;
  /** The problem without the place (the message is `where: reason`). */
  readonly reason: string;
  override readonly name: string = 'InputError';

  constructor(where: string, problem: string) {
    super(where ? `${where}: ${problem}` : problem);
    this.where = where;
    this.reason = problem;
  }
}

/** Describes a value's type for error messages. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  switch (typeof value) {
    case 'object':
      return 'an object';
    case 'function':
      return 'a function';
    case 'bigint':
      return `bigint ${value}n`;
    case 'symbol':
      return value.toString();
    case 'undefined':
      return 'undefined';
    case 'string':
      return `string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`;
    default:
      return `${typeof value} ${String(value)}`;
  }
}

/** True when `value` is a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own enumerable keys of `value` that are not in `allowed` (safe against `__proto__` keys from JSON). */
export function unknownKeys(value: Record<string, unknown>, allowed: readonly string[]): string[] {
  return Object.keys(value).filter((key) => !allowed.includes(key));
}

/** True when `value` has `key` as an own property (the prototype chain is not consulted). */
export function hasOwn(value: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

/** Reads an own property without consulting the prototype chain. */
export function own(value: Record<string, unknown>, key: string): unknown {
  return hasOwn(value, key) ? value[key] : undefined;
}

/**
 * Thrown by a table's `send()` (and so by `table.actor.send`) once the table is stopped or stopping
 * (`table.stop()`, or its actor stopped): nothing is decided, nothing changes, no listener is called.
 * Detect it with `error instanceof TableStoppedError` or, across copies of the package, `error.code === 'TABLE_STOPPED'`.
 */
export class TableStoppedError extends Error {
  /** Stable code: `TABLE_STOPPED`. */
  readonly code = 'TABLE_STOPPED' as const;
  override readonly name: string = 'TableStoppedError';

  constructor(message = 'the table is stopped: it takes no more events') {
    super(message);
  }
}

/**
 * Thrown by a table's `send()` when `decide()` accepted an event that the machine then did not take (its guards
 * and `decide()` disagree): a bug of the engine, never of the caller. Nothing changed; the table stays usable.
 * Detect it with `error instanceof EngineBugError` or `error.code === 'ENGINE_BUG'`.
 */
export class EngineBugError extends Error {
  /** Stable code: `ENGINE_BUG`. */
  readonly code = 'ENGINE_BUG' as const;
  /** The type of the event the machine declined. */
  readonly eventType: string;
  /** The phase it was declined in. */
  readonly phase: string;
  override readonly name: string = 'EngineBugError';

  constructor(eventType: string, phase: string) {
    super(`engine bug: ${eventType} was decided legal in ${phase} but the machine did not take it (nothing changed)`);
    this.eventType = eventType;
    this.phase = phase;
  }
}
