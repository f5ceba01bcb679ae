/**
 * The parts of a table page that belong to the table rather than to one seat's choice, shown to players and
 * watchers alike: East's declared hand in review, and the person's own name. Names are text (React escapes them).
 * (Each seat's clock is on its plaque: `TableStatus`.)
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { Locale, Seat } from '../../index.js';
import type { DeclarationProps } from '../connect.js';
import { ct } from '../i18n/catalog.js';
import { failureLine } from '../table-api.js';
import { cleanName, seatLabel } from '../table-info.js';
import { TileFace } from './Tile.js';

/** East's declared fourteen tiles, who has accepted, and what this page waits for. */
export function DeclarationPanel({ locale, declaration }: { locale: Locale; declaration: DeclarationProps }) {
  return (
    <section className="declaration" data-declaration="" aria-labelledby="declaration-heading">
      <h2 id="declaration-heading">{ct(locale, 'review.heading')}</h2>
      <div className="declared-tiles">
        {declaration.tiles.map((tile) => (
          <TileFace key={tile.id} locale={locale} tile={tile.tile} className="small" />
        ))}
      </div>
      <p className="accepted">{declaration.accepted}</p>
      {declaration.waiting !== null && <p className="muted">{declaration.waiting}</p>}
    </section>
  );
}

/**
 * The person's own display name at this table (`PUT /api/tables/:id/name`). A refusal is worded from its code and
 * params in the page's language, a seat it names as the person at it (`names`).
 */
export function NameForm({ locale, current, save, names }: { locale: Locale; current: string | null; save: (name: string) => Promise<void>; names?: Partial<Record<Seat, string>> | undefined }) {
  const [text, setText] = useState(current ?? '');
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' | 'empty' } | { kind: 'failed'; error: unknown }>({ kind: 'idle' });
  useEffect(() => {
    if (current !== null && state.kind !== 'saving') setText(current);
    // Only a new name from the table replaces what is typed.
  }, [current]);
  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    const name = cleanName(text);
    if (name === null) {
      setState({ kind: 'empty' });
      return;
    }
    setState({ kind: 'saving' });
    save(name).then(
      () => setState({ kind: 'saved' }),
      (error: unknown) => setState({ kind: 'failed', error }),
    );
  };
  return (
    <form className="name-form" onSubmit={onSubmit}>
      <label htmlFor="own-name">{ct(locale, 'name.label')}</label>
      <span className="row">
        <input id="own-name" name="name" type="text" maxLength={24} autoComplete="nickname" value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="action" data-action="set-name" disabled={state.kind === 'saving'}>
          {ct(locale, 'name.save')}
        </button>
      </span>
      <span className="muted" aria-live="polite">
        {state.kind === 'saved' ? ct(locale, 'name.saved') : state.kind === 'empty' ? ct(locale, 'name.empty') : state.kind === 'failed' ? ct(locale, 'name.failed', { message: failureLine(locale, state.error, names) }) : ''}
      </span>
    </form>
  );
}
