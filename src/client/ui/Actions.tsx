/**
 * The action buttons (`data-action`), each enabled exactly when its action is legal for this seat now:
 * pass and give also need the right number of chosen tiles. The blind count buttons appear in the two end passes.
 */
import type { ReactNode } from 'react';
import { PASS_RULES, type LegalActions, type Locale, type Phase } from '../../index.js';
import type { ActionName } from '../flow.machine.js';
import { ct, type ClientKey } from '../i18n/catalog.js';

/** Props of the action bar. */
export interface ActionsProps {
  locale: Locale;
  phase: Phase;
  legal: LegalActions;
  chosen: number;
  need: number | null;
  blind: number;
  busy: boolean;
  hintAvailable: boolean;
  onAct: (action: ActionName, count?: number) => void;
  onBlind: (count: number) => void;
  onHint: () => void;
}

function ActionButton({ action, enabled, onClick, children, pressed }: { action: string; enabled: boolean; onClick: () => void; children: ReactNode; pressed?: boolean }) {
  return (
    <button type="button" className="action" data-action={action} disabled={!enabled} onClick={onClick} aria-pressed={pressed}>
      {children}
    </button>
  );
}

/** Every action of a seat. */
export function Actions({ locale, phase, legal, chosen, need, blind, busy, hintAvailable, onAct, onBlind, onHint }: ActionsProps) {
  const label = (key: ClientKey, params?: Record<string, number>) => ct(locale, key, params);
  const ready = !busy && need !== null && chosen === need;
  const rule = PASS_RULES[phase];
  return (
    <section className="actions" aria-label={label('action.group')}>
      {rule?.blindAllowed && (
        <fieldset className="blind">
          <legend>{label('blind.legend')}</legend>
          {[0, 1, 2, 3].map((count) => (
            <ActionButton key={count} action={`blind-${count}`} enabled={!busy && (legal.pass?.blind.includes(count) ?? false)} pressed={blind === count} onClick={() => onBlind(count)}>
              {label('blind.option', { count })}
            </ActionButton>
          ))}
        </fieldset>
      )}
      <div className="row main">
        <ActionButton action="pass" enabled={ready && legal.pass !== null} onClick={() => onAct('pass')}>
          {label('action.pass')}
        </ActionButton>
        <ActionButton action="give" enabled={ready && legal.courtesy !== null} onClick={() => onAct('give')}>
          {label('action.give')}
        </ActionButton>
        <ActionButton action="retract" enabled={!busy && legal.retract} onClick={() => onAct('retract')}>
          {label('action.retract')}
        </ActionButton>
        <ActionButton action="hint" enabled={hintAvailable} onClick={onHint}>
          {label('action.hint')}
        </ActionButton>
      </div>
      <div className={`row vote${legal.vote.length === 0 ? ' idle' : ''}`}>
        <ActionButton action="vote-stop" enabled={!busy && legal.vote.includes('stop')} onClick={() => onAct('vote-stop')}>
          {label('action.vote-stop')}
        </ActionButton>
        <ActionButton action="vote-continue" enabled={!busy && legal.vote.includes('continue')} onClick={() => onAct('vote-continue')}>
          {label('action.vote-continue')}
        </ActionButton>
      </div>
      <div className={`row offer${legal.offer.length === 0 ? ' idle' : ''}`}>
        {[0, 1, 2, 3].map((count) => (
          <ActionButton key={count} action={`offer-${count}`} enabled={!busy && legal.offer.includes(count)} onClick={() => onAct('offer', count)}>
            {label('action.offer', { count })}
          </ActionButton>
        ))}
      </div>
      <div className={`row rare${legal.draw || legal.declareMahjong || legal.redeal ? '' : ' idle'}`}>
        <ActionButton action="draw" enabled={!busy && legal.draw} onClick={() => onAct('draw')}>
          {label('action.draw')}
        </ActionButton>
        <ActionButton action="declare" enabled={!busy && legal.declareMahjong} onClick={() => onAct('declare')}>
          {label('action.declare')}
        </ActionButton>
        <ActionButton action="misdeal" enabled={!busy && legal.declareMisdeal} onClick={() => onAct('misdeal')}>
          {label('action.misdeal')}
        </ActionButton>
        <ActionButton action="redeal" enabled={!busy && legal.redeal} onClick={() => onAct('redeal')}>
          {label('action.redeal')}
        </ActionButton>
      </div>
    </section>
  );
}
