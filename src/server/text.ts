/**
 * Text the database can hold. PostgreSQL stores no NUL character in `text` and no `\u0000` in `jsonb`, and a
 * string with an unpaired surrogate reaches it as U+FFFD: two different idempotency keys (`"k\ud800"` and
 * `"k\udc00"`) would become one, and a stored misdeal reason would no longer be what the table in memory holds.
 * So the service takes no such text at its door: every string of a request (keys of objects included) is checked
 * before anything is decided, and the first one found is named in a `400 INVALID_INPUT` (or a live `error`).
 */

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a character the database cannot store as it is. */
export function isUnstorable(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * The path of the first string in `value` (a parsed JSON value, walked without recursion, so any depth is safe)
 * that the database cannot store, such as `body.event.reason`; null when there is none.
 */
export function unstorableTextAt(value: unknown, root: string): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const { value: current, path } = entry;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return path;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], path: `${path}[${index}]` });
    } else if (typeof current === 'object' && current !== null) {
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        if (isUnstorable(key)) return `${path}: a field name`;
        stack.push({ value: (current as Record<string, unknown>)[key], path: `${path}.${key}` });
      }
    }
  }
  return null;
}

/** A field's path as an error names it: at most 120 characters. */
export function cutPath(path: string): string {
  return path.length <= 120 ? path : `${path.slice(0, 119)}…`;
}
