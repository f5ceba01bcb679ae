/**
 * `charleston card check FILE`: reads a card file and prints its hands (index, section, text), or the first error
 * with its line and column. Exit 0 a good card, 1 a bad card, 2 the file cannot be read.
 */
import { readFileSync } from 'node:fs';
import { ct } from './i18n/catalog.js';
import { CardError, parseCard } from '../entries/card.js';
import { EXIT } from './run.js';
import type { Locale } from '../index.js';
import type { Io } from './io.js';

/** Checks one card file; returns the exit code. */
export function checkCardFile(file: string, locale: Locale, io: Io): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    io.err(ct(locale, 'cli.cardCannotRead', { file, reason }));
    return EXIT.invalid;
  }
  try {
    const card = parseCard(text);
    const width = String(card.hands.length - 1).length;
    for (const hand of card.hands) {
      const concealed = hand.concealed ? ` (${ct(locale, 'cli.cardConcealed')})` : '';
      io.out(`  ${String(hand.index).padStart(width)}  [${hand.section}]  ${hand.text}${concealed}`);
    }
    io.out(ct(locale, 'cli.cardOk', { file, count: card.hands.length }));
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    io.err(ct(locale, 'cli.cardBad', { file, line: error.line, column: error.column, code: error.code, message: error.message.replace(/^line \d+, column \d+: /, '') }));
    return EXIT.failed;
  }
}
