/**
 * Refusals as data: `refuse()` is the only way a rule makes a refusal, a code and its typed params (no message:
 * messages are rendered at the boundary, `renderRefusal` in `src/i18n/translate.ts`). `echo()` bounds what a
 * refusal repeats from the input.
 */
import { MAX_ECHO, type NotNowReason, type RefusalCode, type RefusalData, type RefusalParamsByCode } from '../types.js';

export type { NotNowReason };

/** The codes whose params are all optional (none, or only a variant). */
type WithoutParams = { [C in RefusalCode]: Record<string, never> extends RefusalParamsByCode[C] ? C : never }[RefusalCode];

const NONE: Record<string, never> = Object.freeze({}) as Record<string, never>;

/** Makes a refusal: its code and the params its message needs. */
export function refuse<C extends WithoutParams>(code: C): RefusalData<C>;
export function refuse<C extends RefusalCode>(code: C, params: RefusalParamsByCode[C]): RefusalData<C>;
export function refuse<C extends RefusalCode>(code: C, params?: RefusalParamsByCode[C]): RefusalData<C> {
  return { code, params: params ?? (NONE as RefusalParamsByCode[C]) };
}

/** A string from the input as a refusal may repeat it: at most {@link MAX_ECHO} characters, then `…` when cut. */
export function echo(text: string): string {
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text;
}

/**
 * A value as a refusal shows it, in no language: `null`, `undefined`, `NaN`, `1.5`, `true`, `7n`, `"text"` (cut by
 * {@link echo}), `Symbol(x)`, `function`, `[…]` for an array, `{…}` for any other object.
 */
export function shown(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return '[…]';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(echo(value));
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return echo(`${value}n`);
    case 'symbol':
      return echo(value.toString());
    case 'function':
      return 'function';
    default:
      return '{…}';
  }
}
