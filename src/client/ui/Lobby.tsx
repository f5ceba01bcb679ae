/**
 * The lobby: create a table (each seat a person or a bot, the people's names, a clock, the language), then hand out
 * the invite links (`/t/ID#TOKEN`: the token stays in the fragment), each with a copy button and a QR code, and the
 * spectator link. The links use the page's own origin, so a lobby opened through the host's network address gives
 * links that friends on that network can open; the page says how to serve the network (`--host`), from a clone of the
 * repository and from an installed package. Once the table is made its invites replace the form (a "new table" button
 * brings the form back, with the choices kept). A card of winning hands may be chosen (none, the practice card, or one
 * pasted in and checked as it is typed). Talks to `POST /api/tables`.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SEATS, t, type BySeat, type Locale, type Seat } from '../../index.js';
import { ct } from '../i18n/catalog.js';
import { seatLink } from '../route.js';
import { serviceErrorLine, serviceErrorOf } from '../service-error.js';
import { TableApiError } from '../table-api.js';
import { cardProblem, cardProblemText, cardRequestValue, type CardChoice, type CardProblem } from '../card.js';
import { CardPicker } from './CardPicker.js';
import { cleanName, seatAfterOf, seatAfterTo } from '../table-info.js';
import { Invite } from './Invite.js';
import { LanguagePicker } from './LanguagePicker.js';

/** Who plays a seat. */
export type Player = 'human' | 'teacher' | 'random';
const PLAYERS: readonly Player[] = ['human', 'teacher', 'random'];

/** What `POST /api/tables` answers. */
interface Created {
  id: string;
  tokens: Partial<Record<Seat | 'spectator' | 'admin', string>>;
}

/** The label of a seat's choice of player: "Who sits at East" (Greek "στη θέση Ανατολής": the wind in the genitive). */
export function seatQuestion(locale: Locale, seat: Seat): string {
  return ct(locale, 'lobby.seat', { seat: seatAfterOf(locale, seat, undefined) });
}

/** The label of a person's name field: "Name of the person at East" (Greek "Όνομα στη θέση Νότου", the genitive). */
export function nameQuestion(locale: Locale, seat: Seat): string {
  return ct(locale, 'lobby.nameFor', { seat: seatAfterOf(locale, seat, undefined) });
}

/**
 * The title of a seat's invite: "Seat South", or with the person's name "Ana at South" (Greek "Θέση Νότου",
 * "Ελένη στη θέση Βορρά": the wind in the genitive, the name as typed).
 */
export function inviteTitle(locale: Locale, seat: Seat, name: string | null): string {
  return name === null ? ct(locale, 'lobby.inviteFor', { seat: seatAfterOf(locale, seat, undefined) }) : ct(locale, 'lobby.inviteNamed', { name, seat: seatAfterOf(locale, seat, undefined) });
}

/**
 * The label of an invite's QR code: "QR code of the link for South" or "… for Ana (South)" (Greek "για Νότο",
 * "για Ελένη (Βορράς)", as after "για" elsewhere); the spectator link's has its own words (its title, "Watch the
 * table", cannot follow "for").
 */
export function inviteQrLabel(locale: Locale, invite: Seat | 'spectator', name: string | null): string {
  if (invite === 'spectator') return ct(locale, 'lobby.qrWatch');
  return ct(locale, 'lobby.qr', { seat: seatAfterTo(locale, invite, name === null ? undefined : { [invite]: name }) });
}

/**
 * The link an invite gives, shown, copied and drawn as a QR code alike: the seat's page with the lobby's language
 * (`?lang=`) and the token in the fragment (`/t/ID?lang=el#TOKEN`).
 */
export function inviteLink(origin: string, id: string, token: string, locale: Locale): string {
  const [address, fragment] = seatLink(origin, id, token).split('#');
  return `${address}?lang=${locale}#${fragment}`;
}

/** The commands that serve the tables to the home network: from a clone of the repository, and from an installed package. */
export const LAN_COMMANDS = { clone: 'npm run serve -- --host 0.0.0.0', package: 'npx charleston serve --host 0.0.0.0' } as const;

/** The clock choices of the lobby, in seconds per decision (0: no clock). */
export const CLOCK_CHOICES: readonly number[] = [0, 30, 60, 120, 300];

/** What the lobby asks for besides the seats and the language. */
export interface TableChoices {
  /** Names typed for the people's seats (blank ones are left out). */
  names?: Partial<Record<Seat, string>>;
  /** Seconds per decision; 0 or absent: no clock. */
  clock?: number;
  /** The card of winning hands: `"practice"` or a card's text; absent: no card. */
  card?: string;
}

/** The body of `POST /api/tables` for the lobby's choices: names only for people's seats, the clock only when set. */
export function tableRequest(seats: BySeat<Player>, locale: Locale, choices: TableChoices = {}): Record<string, unknown> {
  const names: Partial<Record<Seat, string>> = {};
  for (const seat of SEATS) {
    const name = seats[seat] === 'human' ? cleanName(choices.names?.[seat]) : null;
    if (name !== null) names[seat] = name;
  }
  const body: Record<string, unknown> = { seats, locale };
  if (Object.keys(names).length > 0) body.names = names;
  if (choices.clock !== undefined && choices.clock > 0) body.clock = choices.clock;
  if (choices.card !== undefined) body.card = choices.card;
  return body;
}

/** True when the page's origin reaches only this computer (the links would not work on a friend's device). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const host = new URL(origin).hostname;
    return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/** Asks the service for a table; throws with the service's message on an error. */
export async function createTable(seats: BySeat<Player>, locale: Locale, fetcher: typeof fetch = fetch, choices: TableChoices = {}): Promise<Created> {
  const response = await fetcher('/api/tables', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(tableRequest(seats, locale, choices)),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || typeof body !== 'object' || body === null || !('id' in body) || !('tokens' in body)) {
    const error = serviceErrorOf(body, response.status);
    throw new TableApiError(error.code, error.message, error.params);
  }
  return body as Created;
}

/**
 * What the lobby says when the table could not be created: a name the service refused (its error names the field,
 * `names.south`) in the reader's language, naming the seat; any other error worded from its code and params (the
 * service's own message for a problem this page does not know).
 */
export function failureText(locale: Locale, message: string, params: Readonly<Record<string, unknown>> = {}): string {
  if (params['problem'] === 'badCard' && typeof params['line'] === 'number' && typeof params['column'] === 'number' && typeof params['cardCode'] === 'string' && /^CARD_(SYNTAX|HAND_SIZE|EMPTY|TOO_LARGE)$/.test(params['cardCode'])) {
    return ct(locale, 'lobby.failed', { message: cardProblemText(locale, { line: params['line'], column: params['column'], code: params['cardCode'] as CardProblem['code'] }) });
  }
  const named = typeof params['field'] === 'string' ? params['field'] : message;
  const field = /^names\.(east|south|west|north)(:|$)/.exec(named);
  if (field !== null) return ct(locale, 'lobby.badName', { seat: seatAfterOf(locale, field[1] as Seat, undefined) });
  return ct(locale, 'lobby.failed', { message: serviceErrorLine(locale, { message, params }) });
}

/** Props of the lobby. */
export interface LobbyProps {
  locale: Locale;
  onLocale: (locale: Locale) => void;
}

/** The lobby page. */
export function Lobby({ locale, onLocale }: LobbyProps) {
  const [seats, setSeats] = useState<BySeat<Player>>({ east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' });
  const [names, setNames] = useState<Partial<Record<Seat, string>>>({});
  const [clock, setClock] = useState(0);
  const [card, setCard] = useState<CardChoice>({ kind: 'none' });
  const cardBad = card.kind === 'own' && cardProblem(card.text) !== null;
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'creating' } | { kind: 'created'; table: Created } | { kind: 'failed'; message: string; params: Readonly<Record<string, unknown>> }>({ kind: 'idle' });
  const origin = window.location.origin;
  const invitesHeading = useRef<HTMLHeadingElement>(null);
  const firstSeat = useRef<HTMLSelectElement>(null);
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    // Focus follows what replaced what: the invites after creating, the form's first field after "new table".
    if (state.kind === 'created') invitesHeading.current?.focus();
    else if (state.kind === 'idle' && returned) firstSeat.current?.focus();
  }, [state.kind, returned]);
  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (cardBad) return;
    setState({ kind: 'creating' });
    const cardValue = cardRequestValue(card);
    createTable(seats, locale, fetch, { names, clock, ...(cardValue === undefined ? {} : { card: cardValue }) }).then(
      (table) => setState({ kind: 'created', table }),
      (error: unknown) => setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error), params: error instanceof TableApiError ? error.params : {} }),
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
        {state.kind !== 'created' && (
          <form onSubmit={onSubmit} className="create">
            {SEATS.map((seat) => (
              <p key={seat} className="field">
                <label htmlFor={`seat-${seat}`}>{seatQuestion(locale, seat)}</label>
                <select
                  {...(seat === 'east' ? { ref: firstSeat } : {})}
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
                {seats[seat] === 'human' && (
                  <input
                    type="text"
                    className="name-input"
                    id={`name-${seat}`}
                    name={`name-${seat}`}
                    maxLength={24}
                    autoComplete="off"
                    aria-label={nameQuestion(locale, seat)}
                    placeholder={nameQuestion(locale, seat)}
                    value={names[seat] ?? ''}
                    onChange={(event) => setNames({ ...names, [seat]: event.target.value })}
                  />
                )}
              </p>
            ))}
            <p className="field">
              <label htmlFor="clock">{ct(locale, 'lobby.clock')}</label>
              <select id="clock" name="clock" value={clock} onChange={(event) => setClock(Number(event.target.value))}>
                {CLOCK_CHOICES.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds === 0 ? ct(locale, 'lobby.clock.none') : seconds % 60 === 0 && seconds > 60 ? ct(locale, 'lobby.clock.minutes', { minutes: seconds / 60 }) : ct(locale, 'lobby.clock.seconds', { seconds })}
                  </option>
                ))}
              </select>
            </p>
            {clock > 0 && <p className="muted">{ct(locale, 'lobby.clockNote')}</p>}
            <CardPicker locale={locale} choice={card} onChange={setCard} id="lobby" />
            {cardBad && <p className="muted">{ct(locale, 'card.fixFirst')}</p>}
            <button type="submit" className="action primary" data-action="create" disabled={state.kind === 'creating' || cardBad}>
              {state.kind === 'creating' ? ct(locale, 'lobby.creating') : ct(locale, 'lobby.create')}
            </button>
          </form>
        )}
        <div role="alert" className="alert">
          {state.kind === 'failed' && failureText(locale, state.message, state.params)}
        </div>
        {state.kind === 'created' && (
          <section className="invites" aria-label={ct(locale, 'lobby.invites')}>
            <h2 ref={invitesHeading} tabIndex={-1}>
              {ct(locale, 'lobby.invites')}
            </h2>
            {SEATS.every((seat) => seats[seat] !== 'human') && <p>{ct(locale, 'lobby.noHumans')}</p>}
            {isLoopbackOrigin(origin) && <p className="note">{ct(locale, 'lobby.loopback', { origin })}</p>}
            <ul className="invite-list">
              {SEATS.filter((seat) => state.table.tokens[seat] !== undefined).map((seat) => {
                const name = cleanName(names[seat]);
                return (
                  <Invite
                    key={seat}
                    locale={locale}
                    invite={seat}
                    title={inviteTitle(locale, seat, name)}
                    qrLabel={inviteQrLabel(locale, seat, name)}
                    href={inviteLink(origin, state.table.id, state.table.tokens[seat] as string, locale)}
                  />
                );
              })}
              {state.table.tokens.spectator !== undefined && (
                <Invite
                  locale={locale}
                  invite="spectator"
                  title={ct(locale, 'lobby.spectator')}
                  qrLabel={inviteQrLabel(locale, 'spectator', null)}
                  href={inviteLink(origin, state.table.id, state.table.tokens.spectator, locale)}
                />
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
            <button
              type="button"
              className="action"
              data-action="new-table"
              onClick={() => {
                setReturned(true);
                setState({ kind: 'idle' });
              }}
            >
              {ct(locale, 'lobby.newTable')}
            </button>
          </section>
        )}
        <section className="lan" aria-labelledby="lan-heading">
          <h2 id="lan-heading">{ct(locale, 'lobby.lanHeading')}</h2>
          <p>{ct(locale, 'lobby.lanStart')}</p>
          <p className="lan-where">{ct(locale, 'lobby.lanClone')}</p>
          <pre>
            <code data-command="clone">{LAN_COMMANDS.clone}</code>
          </pre>
          <p className="lan-where">{ct(locale, 'lobby.lanPackage')}</p>
          <pre>
            <code data-command="package">{LAN_COMMANDS.package}</code>
          </pre>
          <p>{ct(locale, 'lobby.lanOpen')}</p>
        </section>
        <p className="solo-link">
          <a href={`/solo?lang=${locale}`}>{ct(locale, 'lobby.solo')}</a>
        </p>
      </main>
    </div>
  );
}
