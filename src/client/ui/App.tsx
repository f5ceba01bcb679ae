/**
 * The single-page app, routed by `location.pathname`: `/` the lobby, `/t/ID#TOKEN` a seat, `/solo` practice.
 * The page's language comes from `?lang=`, else the table's language, else the browser's; the picker changes it
 * in place (and in the address, keeping the fragment).
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ActorOptions } from 'xstate';
import { SEATS, type Locale, type Seat } from '../../index.js';
import { flowMachine } from '../flow.machine.js';
import { ct } from '../i18n/catalog.js';
import { liveTransport } from '../live-transport.js';
import type { Route } from '../route.js';
import { httpTableApi } from '../table-api.js';
import { createSoloHost, soloTableApi, soloTransport, type SoloOptions } from '../solo-transport.js';
import { localSoloStore } from '../solo-store.js';
import { cardOf, cardProblem, localCardStore, type CardChoice } from '../card.js';
import { CardPicker } from './CardPicker.js';
import { LanguagePicker } from './LanguagePicker.js';
import { Lobby } from './Lobby.js';
import { TablePage } from './TablePage.js';

/** Props of the app. */
export interface AppProps {
  route: Route;
  /** The language the address asks for with `?lang=` (null: not said). */
  locale: Locale | null;
  /** The language to use when nothing else says (the browser's); a seat's page prefers the table's. */
  fallback: Locale;
  /** Solo options the host adds (bot delay, an inspector). */
  solo?: Omit<SoloOptions, 'seed'>;
  /** The flow actor's inspection observer, when the page is inspected. */
  inspect?: ActorOptions<typeof flowMachine>['inspect'];
}

function rememberLocale(locale: Locale): void {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', locale);
  window.history.replaceState(null, '', url);
  document.documentElement.lang = locale;
}

type SoloProps = { seed: number | null; locale: Locale; onLocale: (l: Locale) => void; options: Omit<SoloOptions, 'seed'>; inspect: AppProps['inspect'] };

/**
 * Solo practice with the card chosen on this device (kept in its storage): choosing none or the practice card, or
 * using a pasted card that reads, deals a new hand with it.
 */
function SoloWithCard(props: SoloProps) {
  const [cards] = useState(localCardStore);
  const [chosen, setChosen] = useState<CardChoice>(() => cards.load());
  const [draft, setDraft] = useState<CardChoice>(chosen);
  const [deal, setDeal] = useState(0);
  const use = (choice: CardChoice): void => {
    cards.save(choice);
    // The hand kept on the device was dealt for the other card: a new one is dealt with this one.
    (props.options.store === undefined ? localSoloStore() : props.options.store)?.clear();
    setChosen(choice);
    setDeal(deal + 1);
  };
  const usable = draft.kind !== 'own' || cardProblem(draft.text) === null;
  const changed = JSON.stringify(draft) !== JSON.stringify(chosen);
  const picker = (
    <div className="solo-card">
      <CardPicker
        locale={props.locale}
        choice={draft}
        id="solo"
        onChange={(choice) => {
          setDraft(choice);
          if (choice.kind !== 'own') use(choice);
        }}
      />
      {draft.kind === 'own' && (
        <button type="button" className="action" data-action="use-card" disabled={!usable || !changed} onClick={() => use(draft)}>
          {ct(props.locale, 'card.use')}
        </button>
      )}
    </div>
  );
  return <SoloPage key={deal} {...props} card={cardOf(chosen)} footer={picker} />;
}

function SoloPage({ seed, locale, onLocale, options, inspect, card, footer }: SoloProps & { card: ReturnType<typeof cardOf>; footer: ReactNode }) {
  const [host] = useState(() => createSoloHost(card));
  const [api] = useState(() => soloTableApi(host));
  const [machine] = useState(() => {
    // The hand is kept on the device (unless the host page supplies a store of its own, or none).
    const kept = { store: localSoloStore(), ...options, host };
    return flowMachine.provide({ actors: { transport: soloTransport(seed === null ? kept : { ...kept, seed }) } });
  });
  const actor = useActorRef(machine, inspect === undefined ? { input: { locale } } : { input: { locale }, inspect });
  const bots: Seat[] = SEATS.filter((seat) => seat !== (options.seat ?? 'east'));
  return (
    <TablePage
      actor={actor}
      heading={ct(locale, 'solo.heading')}
      bots={bots}
      api={api}
      onNewHand={() => host.next?.()}
      footer={footer}
      onLocale={(next) => {
        actor.send({ type: 'locale.set', locale: next });
        onLocale(next);
      }}
    />
  );
}

function SeatPage({ id, token, locale, asked, onLocale, inspect }: { id: string; token: string; locale: Locale; asked: boolean; onLocale: (l: Locale) => void; inspect: AppProps['inspect'] }) {
  const [machine] = useState(() => flowMachine.provide({ actors: { transport: liveTransport({ id, token }) } }));
  const [api] = useState(() => httpTableApi(id, token));
  const actor = useActorRef(machine, inspect === undefined ? { input: { locale } } : { input: { locale }, inspect });
  useEffect(() => {
    if (asked) return undefined;
    // Without ?lang=, the page speaks the table's language once the first view says it.
    const subscription = actor.subscribe((snapshot) => {
      const view = snapshot.context.view;
      if (view?.locale !== undefined && view.locale !== snapshot.context.locale) {
        actor.send({ type: 'locale.set', locale: view.locale });
        document.documentElement.lang = view.locale;
      }
      if (view !== null) subscription.unsubscribe();
    });
    return () => subscription.unsubscribe();
  }, [actor, asked]);
  return (
    <TablePage
      actor={actor}
      bots={[]}
      api={api}
      onLocale={(next) => {
        actor.send({ type: 'locale.set', locale: next });
        onLocale(next);
      }}
    />
  );
}

/** The app. */
export function App({ route, locale: asked, fallback, solo = {}, inspect }: AppProps) {
  const [locale, setLocale] = useState<Locale>(asked ?? fallback);
  const onLocale = (next: Locale): void => {
    setLocale(next);
    rememberLocale(next);
  };
  switch (route.kind) {
    case 'lobby':
      return <Lobby locale={locale} onLocale={onLocale} />;
    case 'solo':
      return <SoloWithCard seed={route.seed} locale={locale} onLocale={onLocale} options={solo} inspect={inspect} />;
    case 'seat':
      if (route.token === null) {
        return (
          <div className="page" data-phase="" data-version="">
            <header className="top">
              <h1>{ct(locale, 'app.title')}</h1>
              <LanguagePicker locale={locale} onChange={onLocale} />
            </header>
            <p role="alert" className="alert">{ct(locale, 'conn.noToken')}</p>
          </div>
        );
      }
      return <SeatPage id={route.id} token={route.token} locale={locale} asked={asked !== null} onLocale={onLocale} inspect={inspect} />;
    default:
      return (
        <div className="page" data-phase="" data-version="">
          <header className="top">
            <h1>{ct(locale, 'app.title')}</h1>
          </header>
          <p>
            <a href="/">{ct(locale, 'lobby.heading')}</a> · <a href="/solo">{ct(locale, 'lobby.solo')}</a>
          </p>
        </div>
      );
  }
}

