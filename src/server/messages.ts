/**
 * The service's own messages (its refusal codes and HTTP errors) in the engine's four languages. The engine's
 * refusals come localized from the engine itself.
 */
import '../i18n/locales.js'; // seat names in every table language, wherever the service's messages are used
import { isSeat, t, type Locale, type Seat } from '../index.js';

/** Refusal codes the service adds to the engine's (**fixed**). */
export type ServiceRefusalCode = 'NOT_YOUR_SEAT' | 'RATE_LIMITED';

/**
 * The params of each service refusal: the data its message is rendered from, sent with it (`refusal.params`).
 * `NOT_YOUR_SEAT`: the sender's own seat now, and what the event named instead (a seat, or whatever the client
 * put in `seat`, cut to 40 characters).
 */
export interface ServiceRefusalParams {
  NOT_YOUR_SEAT: { own: Seat; named: string };
  RATE_LIMITED: Record<string, never>;
}

/** A service refusal as sent: its code, the message in the table's language, its params. */
export interface ServiceRefusal<C extends ServiceRefusalCode = ServiceRefusalCode> {
  code: C;
  message: string;
  params: ServiceRefusalParams[C];
}

/**
 * A seat as a message names it: its name in the language (`South`, `Sud`, `Kusini`, `Νότος`); anything else an event
 * named instead, as it was sent. Every sentence below takes the name as it stands (Greek after «ως»: the nominative).
 */
function seatWord(locale: Locale, value: string): string {
  return isSeat(value) ? t(locale, `seat.${value}`) : value;
}

const MESSAGES: { [C in ServiceRefusalCode]: Record<Locale, (params: ServiceRefusalParams[C]) => string> } = {
  NOT_YOUR_SEAT: {
    en: (p) => `You play ${seatWord('en', p.own)}: you cannot act for ${seatWord('en', p.named)}.`,
    ca: (p) => `Jugues com a ${seatWord('ca', p.own)}: no pots actuar per ${seatWord('ca', p.named)}.`,
    sw: (p) => `Unacheza kama ${seatWord('sw', p.own)}: huwezi kutenda kwa niaba ya ${seatWord('sw', p.named)}.`,
    el: (p) => `Παίζετε ως ${seatWord('el', p.own)}: δεν μπορείτε να ενεργήσετε ως ${seatWord('el', p.named)}.`,
  },
  RATE_LIMITED: {
    en: () => 'Too many messages: wait a moment and try again.',
    ca: () => 'Massa missatges: espera un moment i torna-ho a provar.',
    sw: () => 'Ujumbe mwingi mno: subiri kidogo kisha ujaribu tena.',
    el: () => 'Πάρα πολλά μηνύματα: περιμένετε λίγο και δοκιμάστε ξανά.',
  },
};

/** A service refusal, its message in the table's language, carrying the params it was rendered from. */
export function serviceRefusal<C extends ServiceRefusalCode>(code: C, locale: Locale, params: ServiceRefusalParams[C]): ServiceRefusal<C> {
  const render = MESSAGES[code][locale] as (params: ServiceRefusalParams[C]) => string;
  return { code, message: render(params), params };
}
