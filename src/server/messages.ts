/**
 * The service's own messages (its refusal codes and HTTP errors) in the engine's four languages. The engine's
 * refusals come localized from the engine itself.
 */
import type { Locale } from '../index.js';

/** Refusal codes the service adds to the engine's (**fixed**). */
export type ServiceRefusalCode = 'NOT_YOUR_SEAT' | 'RATE_LIMITED';

const MESSAGES: Record<ServiceRefusalCode, Record<Locale, (params: Record<string, string>) => string>> = {
  NOT_YOUR_SEAT: {
    en: (p) => `You play ${p.own}: you cannot act for ${p.named}.`,
    ca: (p) => `Jugues a ${p.own}: no pots actuar per ${p.named}.`,
    sw: (p) => `Unacheza ${p.own}: huwezi kutenda kwa niaba ya ${p.named}.`,
    el: (p) => `Παίζετε στη θέση ${p.own}: δεν μπορείτε να ενεργήσετε για τη θέση ${p.named}.`,
  },
  RATE_LIMITED: {
    en: () => 'Too many messages: wait a moment and try again.',
    ca: () => 'Massa missatges: espera un moment i torna-ho a provar.',
    sw: () => 'Ujumbe mwingi mno: subiri kidogo kisha ujaribu tena.',
    el: () => 'Πάρα πολλά μηνύματα: περιμένετε λίγο και δοκιμάστε ξανά.',
  },
};

/** A service refusal, in the table's language. */
export function serviceRefusal(code: ServiceRefusalCode, locale: Locale, params: Record<string, string> = {}): { code: ServiceRefusalCode; message: string } {
  return { code, message: MESSAGES[code][locale](params) };
}
