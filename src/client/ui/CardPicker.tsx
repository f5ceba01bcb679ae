/**
 * The choice of a card of winning hands: none, the practice card, or a card pasted in (checked as it is typed; a
 * problem is shown with its line and column in the page's language). Used by the lobby and by solo practice.
 */
import { ct } from '../i18n/catalog.js';
import type { Locale } from '../../index.js';
import { cardOf, cardProblem, cardProblemText, type CardChoice } from '../card.js';

/** Props of the card picker. */
export interface CardPickerProps {
  locale: Locale;
  choice: CardChoice;
  onChange: (choice: CardChoice) => void;
  /** Prefix of the element ids (two pickers never share a page, but ids stay distinct). */
  id: string;
}

const KINDS = ['none', 'practice', 'own'] as const;

/** The card picker: three radio buttons (`data-card="none|practice|own"`) and, for one's own, the text (`data-card-text`). */
export function CardPicker({ locale, choice, onChange, id }: CardPickerProps) {
  const problem = choice.kind === 'own' ? cardProblem(choice.text) : null;
  const card = problem === null ? cardOf(choice) : null;
  return (
    <fieldset className="card-picker">
      <legend>{ct(locale, 'card.legend')}</legend>
      {KINDS.map((kind) => (
        <label key={kind} className="card-kind">
          <input
            type="radio"
            name={`${id}-card`}
            value={kind}
            data-card={kind}
            checked={choice.kind === kind}
            onChange={() => onChange(kind === 'own' ? { kind, text: choice.kind === 'own' ? choice.text : '' } : { kind })}
          />{' '}
          {ct(locale, `card.${kind}`)}
        </label>
      ))}
      {choice.kind === 'own' && (
        <p className="field card-text">
          <label htmlFor={`${id}-card-text`}>{ct(locale, 'card.paste')}</label>
          <textarea
            id={`${id}-card-text`}
            data-card-text=""
            rows={6}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={problem !== null}
            aria-describedby={`${id}-card-status`}
            value={choice.text}
            onChange={(event) => onChange({ kind: 'own', text: event.target.value })}
          />
        </p>
      )}
      <p id={`${id}-card-status`} className={problem === null ? 'muted' : 'card-problem'} aria-live="polite" {...(problem === null ? {} : { 'data-card-problem': `${problem.line}:${problem.column}` })}>
        {problem !== null ? cardProblemText(locale, problem) : card !== null ? ct(locale, 'card.reads', { count: card.hands.length }) : ''}
      </p>
    </fieldset>
  );
}
