/**
 * Where JSON text goes wrong: `JSON.parse` names no line or column (and sometimes no position at all), so a
 * small scanner walks the JSON grammar and stops at the first character that cannot belong there.
 */

/** The first syntax error in `text`: its 1-based line and column and a short description; null for valid JSON. */
export interface JsonProblem {
  line: number;
  column: number;
  /** The 0-based offset of the offending character (the text's length at an unexpected end). */
  offset: number;
  problem: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {
    super(problem);
  }
}

/** Scans `text` as JSON; returns the first problem, or null when the text is valid JSON. Never throws. */
export function findJsonProblem(text: string): JsonProblem | null {
  let at = 0;
  const describe = (index: number): string =>
    index >= text.length ? 'unexpected end of the text' : `unexpected ${JSON.stringify(text[index])}`;
  const fail = (index: number, want: string): never => {
    throw new Stop(index, `${describe(index)}, expected ${want}`);
  };
  const space = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at += 1;
  };
  const literal = (word: string): void => {
    for (let i = 0; i < word.length; i += 1) if (text[at + i] !== word[i]) fail(at + i, `the literal ${word}`);
    at += word.length;
  };
  const string = (): void => {
    at += 1; // the opening quote
    for (;;) {
      const char = text[at];
      if (char === undefined) fail(at, 'a closing "');
      if (char === '"') {
        at += 1;
        return;
      }
      if (char === '\\') {
        const next = text[at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail(at + 2, 'four hex digits after \\u');
          at += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) at += 2;
        else fail(at + 1, 'an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
      } else if ((char as string).charCodeAt(0) < 0x20) fail(at, 'no control character inside a string');
      else at += 1;
    }
  };
  const digits = (): void => {
    if (!/[0-9]/.test(text[at] ?? '')) fail(at, 'a digit');
    while (/[0-9]/.test(text[at] ?? '')) at += 1;
  };
  const number = (): void => {
    if (text[at] === '-') at += 1;
    if (text[at] === '0') at += 1;
    else digits();
    if (text[at] === '.') {
      at += 1;
      digits();
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at += 1;
      if (text[at] === '+' || text[at] === '-') at += 1;
      digits();
    }
  };
  const value = (depth: number): void => {
    if (depth > 2000) throw new Stop(at, 'nested more than 2000 levels deep');
    space();
    const char = text[at];
    if (char === '{') {
      at += 1;
      space();
      if (text[at] === '}') {
        at += 1;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail(at, 'a property name in double quotes');
        string();
        space();
        if (text[at] !== ':') fail(at, "':' after the property name");
        at += 1;
        value(depth + 1);
        space();
        if (text[at] === ',') at += 1;
        else if (text[at] === '}') {
          at += 1;
          return;
        } else fail(at, "',' or '}'");
      }
    }
    if (char === '[') {
      at += 1;
      space();
      if (text[at] === ']') {
        at += 1;
        return;
      }
      for (;;) {
        value(depth + 1);
        space();
        if (text[at] === ',') at += 1;
        else if (text[at] === ']') {
          at += 1;
          return;
        } else fail(at, "',' or ']'");
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || /[0-9]/.test(char ?? '')) return number();
    fail(at, 'a value (object, array, string, number, true, false or null)');
  };
  try {
    value(0);
    space();
    if (at < text.length) fail(at, 'the end of the text after the value');
    return null;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const before = text.slice(0, error.offset);
    const line = before.split('\n').length;
    const column = error.offset - (before.lastIndexOf('\n') + 1) + 1;
    return { line, column, offset: error.offset, problem: error.problem };
  }
}
