/**
 * The lobby: create a table (each seat a person or a bot, the language), then hand out the four invite links
 * (`/t/ID#TOKEN`: the token stays in the fragment) and the spectator link. Talks to `POST /api/tables`.
 */
import { useState, type FormEvent } from 'react';
import { SEATS, t, type BySeat, type Locale, type Seat } from '../../index.js';
import { ct } from '../i18n/catalog.js';
import { seatLink } from '../route.js';
import { LanguagePicker } from './LanguagePicker.js';

/** Who plays a seat. */
export type Player = 'human' | 'teacher' | 'random';
const PLAYERS: readonly Player[] = ['human', 'teacher', 'random'];

/** What `POST /api/tables` answers. */
interface Created {
  id: string;
  tokens: Partial<Record<Seat | 'spectator' | 'admin', string>>;
}

/** Asks the service for a table; throws with the service's message on an error. */
export async function createTable(seats: BySeat<Player>, locale: Locale, fetcher: typeof fetch = fetch): Promise<Created> {
  const response = await fetcher('/api/tables', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seats, locale }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || typeof body !== 'object' || body === null || !('id' in body) || !('tokens' in body)) {
    const message = typeof body === 'object' && body !== null && 'error' in body ? String((body as { error: { message?: unknown } }).error.message) : `HTTP ${response.status}`;
    throw new Error(message);
  }
  return body as Created;
}

/** Props of the lobby. */
export interface LobbyProps {
  locale: Locale;
  onLocale: (locale: Locale) => void;
}

/** The lobby page. */
export function Lobby({ locale, onLocale }: LobbyProps) {
  const [seats, setSeats] = useState<BySeat<Player>>({ east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' });
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'creating' } | { kind: 'created'; table: Created } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const origin = window.location.origin;
  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    setState({ kind: 'creating' });
    createTable(seats, locale).then(
      (table) => setState({ kind: 'created', table }),
      (error: unknown) => setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div className="page lobby" data-phase="" data-version="" lang={locale}>
      <header className="top">
        <h1>{ct(locale, 'lobby.heading')}</h1>
        <LanguagePicker locale={locale} onChange={onLocale} id="page-language" />
      </header>
      <main>
        <p>{ct(locale, 'lobby.intro')}</p>
        <form onSubmit={onSubmit} className="create">
          {SEATS.map((seat) => (
            <p key={seat} className="field">
              <label htmlFor={`seat-${seat}`}>{ct(locale, 'lobby.seat', { seat: t(locale, `seat.${seat}`) })}</label>
              <select
                id={`seat-${seat}`}
                name={seat}
                value={seats[seat]}
                onChange={(event) => {
                  const player = PLAYERS.find((p) => p === event.target.value);
                  if (player !== undefined) setSeats({ ...seats, [seat]: player });
                }}
              >
                {PLAYERS.map((player) => (
                  <option key={player} value={player}>
                    {ct(locale, `lobby.player.${player}`)}
                  </option>
                ))}
              </select>
            </p>
          ))}
          <button type="submit" className="action primary" data-action="create" disabled={state.kind === 'creating'}>
            {state.kind === 'creating' ? ct(locale, 'lobby.creating') : ct(locale, 'lobby.create')}
          </button>
        </form>
        <div role="alert" className="alert">
          {state.kind === 'failed' && ct(locale, 'lobby.failed', { message: state.message })}
        </div>
        {state.kind === 'created' && (
          <section className="invites" aria-label={ct(locale, 'lobby.invites')}>
            <h2>{ct(locale, 'lobby.invites')}</h2>
            {SEATS.every((seat) => seats[seat] !== 'human') && <p>{ct(locale, 'lobby.noHumans')}</p>}
            <ul>
              {SEATS.filter((seat) => state.table.tokens[seat] !== undefined).map((seat) => {
                const link = seatLink(origin, state.table.id, state.table.tokens[seat] as string);
                return (
                  <li key={seat}>
                    <a href={`${link.split('#')[0]}?lang=${locale}#${link.split('#')[1]}`} data-invite={seat}>
                      {ct(locale, 'lobby.inviteFor', { seat: t(locale, `seat.${seat}`) })}
                    </a>
                    <code className="link">{link}</code>
                  </li>
                );
              })}
              {state.table.tokens.spectator !== undefined && (
                <li>
                  <a href={seatLink(origin, state.table.id, state.table.tokens.spectator)} data-invite="spectator">
                    {ct(locale, 'lobby.spectator')}
                  </a>
                  <code className="link">{seatLink(origin, state.table.id, state.table.tokens.spectator)}</code>
                </li>
              )}
            </ul>
            {state.table.tokens.admin !== undefined && (
              <p className="muted">
                {ct(locale, 'lobby.admin')}
                <code className="link" data-token="admin">
                  {state.table.tokens.admin}
                </code>
              </p>
            )}
          </section>
        )}
        <p className="solo-link">
          <a href={`/solo?lang=${locale}`}>{ct(locale, 'lobby.solo')}</a>
        </p>
      </main>
    </div>
  );
}
