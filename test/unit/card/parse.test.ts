/** parseCard: hands, sections, comments, and every CardError code at its line and column. */
import { describe, expect, it } from 'vitest';
import { CardError, parseCard, type CardErrorCode } from '../../../src/entries/card.js';

/** The error `text` throws. */
function errorOf(text: string): CardError {
  try {
    parseCard(text);
  } catch (error) {
    if (error instanceof CardError) return error;
    throw error;
  }
  throw new Error('parsed without an error');
}

describe('parseCard', () => {
  it('reads the notation examples, sections, comments and concealed', () => {
    const card = parseCard(
      ['FF 2222a 4444a 6666a', '', '# 2026 ', 'NEWS   2026a DDDb\tDDDc', '  # Consecutive Run', 'FF XXXX0a XXXX1a XXXX2a # Concealed hand', 'NNNN EEEE WWWW SS # exposed'].join('\r\n'),
    );
    expect(card.hands).toEqual([
      { index: 0, section: '', text: 'FF 2222a 4444a 6666a', concealed: false },
      { index: 1, section: '2026', text: 'NEWS 2026a DDDb DDDc', concealed: false },
      { index: 2, section: 'Consecutive Run', text: 'FF XXXX0a XXXX1a XXXX2a', concealed: true },
      { index: 3, section: 'Consecutive Run', text: 'NNNN EEEE WWWW SS', concealed: false },
    ]);
  });

  it('reads quints, sextets, Z groups, Soap and a byte-order mark', () => {
    const card = parseCard('\ufeffZZZZZZ 000 XXXXX3c\n');
    expect(card.hands.map((hand) => hand.text)).toEqual(['ZZZZZZ 000 XXXXX3c']);
  });

  const bad: Array<[string, string, CardErrorCode, number, number, RegExp]> = [
    ['a number without a suit', '# s\nFF 2222 4444a 6666a', 'CARD_SYNTAX', 2, 4, /needs a suit letter/],
    ['a wrong suit letter', 'FF 2222d 4444a 6666a', 'CARD_SYNTAX', 1, 4, /suit letter/],
    ['a stray letter in a suited group', 'FF 2222a 44q4a 6666a', 'CARD_SYNTAX', 1, 12, /"q" cannot be in the suited group "44q4a"/],
    ['a lower-case tile', '\n\nff 2222a 4444a 6666a', 'CARD_SYNTAX', 3, 1, /"f" is not a tile/],
    ['an offset of 9', 'FF XXXX9a XXXX1a XXXX2a', 'CARD_SYNTAX', 1, 8, /offset digit 0–8/],
    ['an X group without its suit', 'FF XXXX0 XXXX1a XXXX2a', 'CARD_SYNTAX', 1, 9, /suit letter/],
    ['a lone suit letter', 'FF a 2222a 4444a 6666a', 'CARD_SYNTAX', 1, 4, /suit letter follows/],
    ['too many Z groups', 'ZZ ZZ ZZ ZZ ZZ ZZZZ', 'CARD_SYNTAX', 1, 13, /at most 4 groups with Z/],
    ['13 tiles', '# 2468\n\n   FF 2222a 4444a 666a', 'CARD_HAND_SIZE', 3, 4, /has 13 tiles; every hand has 14/],
    ['15 tiles', 'FFF 2222a 4444a 6666a', 'CARD_HAND_SIZE', 1, 1, /has 15 tiles/],
    ['no hand', '# only a section\n\n# another\n', 'CARD_EMPTY', 1, 1, /no hand/],
    ['nothing', '', 'CARD_EMPTY', 1, 1, /no hand/],
    ['more than 16 KiB', `${'FF 2222a 4444a 6666a\n'.repeat(800)}`, 'CARD_TOO_LARGE', 1, 1, /at most 16384 bytes/],
    ['more than 500 hands', `${'NNNN EEEE WWWW SS\n'.repeat(500)}  FF 2222a 4444a 6666a\n`, 'CARD_TOO_LARGE', 501, 3, /at most 500 hands/],
  ];
  it.each(bad)('refuses %s', (_name, text, code, line, column, message) => {
    const error = errorOf(text);
    expect(error).toBeInstanceOf(Error);
    expect({ code: error.code, line: error.line, column: error.column }).toEqual({ code, line, column });
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(new RegExp(`^line ${line}, column ${column}: `));
  });

  it('counts UTF-8 bytes for the size limit (a card of many-byte text just over 16 KiB is refused)', () => {
    // 5,462 three-byte characters in a section name: 16,386 bytes but only 5,462 UTF-16 units.
    expect(errorOf(`# ${'€'.repeat(5462)}\nNNNN EEEE WWWW SS`).code).toBe('CARD_TOO_LARGE');
    expect(parseCard(`# ${'€'.repeat(5400)}\nNNNN EEEE WWWW SS`).hands).toHaveLength(1);
  });

  it('refuses what is not text', () => {
    expect(errorOf(42 as unknown as string).code).toBe('CARD_SYNTAX');
  });
});
