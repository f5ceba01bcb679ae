/**
 * Refusals: `refuse()` is the only way a refusal is made. Its message is the English sentence of the code's
 * catalog entry (src/i18n/en.ts); the refusal carries its params so that any locale can re-render it
 * (`localizeRefusal`). NOT_NOW's `why` is a reason key (`reason.<why>` in the catalogs).
 */
import { refusalMessage } from '../i18n/translate.js';
import type { MessageParams } from '../i18n/catalog.js';
import type { Refusal, RefusalCode } from '../types.js';

export type { MessageParams };

/** Why an event is `NOT_NOW`: the `why` param of that refusal, a key of `reason.*` in the catalogs. */
export type NotNowReason =
  | 'noPassUnderWay'
  | 'pairCourtesyOver'
  | 'secondCharlestonBegun'
  | 'voteAtCheckpointOnly'
  | 'handEnded'
  | 'redealAfterMisdealOnly'
  | 'passOnlyInCharleston'
  | 'offersAfterCharleston'
  | 'packetsAfterCharleston';

/** Makes a refusal with its player-facing (English) message and the params to re-render it in any locale. */
export function refuse(code: RefusalCode, params: MessageParams = {}): Refusal {
  return { code, message: refusalMessage('en', code, params), params };
}
