/**
 * Only what can be done now: the controls of the current phase, each present exactly while its action is legal
 * for this seat (an absent control counts as not enabled, client-hooks.md). Pass and give also need the right
 * number of chosen tiles (present but disabled until then, so the player sees where the packet goes). The blind
 * count buttons appear in the two end passes while a pass can be made. The misdeal, a table-level action, is
 * in the {@link TableMenu} with its consequence stated.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
  hintShown: boolean;
  onAct: (action: ActionName, count?: number) => void;
  onBlind: (count: number) => void;
  onHint: () => void;
}

function ActionButton({ action, enabled, onClick, children, pressed, kind = '' }: { action: string; enabled: boolean; onClick: () => void; children: ReactNode; pressed?: boolean; kind?: string }) {
  return (
    <button type="button" className={`action ${kind}`.trim()} data-action={action} disabled={!enabled} onClick={onClick} aria-pressed={pressed}>
      {children}
    </button>
  );
}

/** The controls of this phase. */
export function Actions({ locale, phase, legal, chosen, need, blind, busy, hintAvailable, hintShown, onAct, onBlind, onHint }: ActionsProps) {
  const label = (key: ClientKey, params?: Record<string, number>) => ct(locale, key, params);
  const ready = !busy && need !== null && chosen === need;
  const rule = PASS_RULES[phase];
  const blindCounts = legal.pass?.blind ?? [];
  const hint = hintAvailable && (
    <ActionButton action="hint" enabled onClick={onHint} pressed={hintShown} kind="quiet">
      {label('action.hint')}
    </ActionButton>
  );
  return (
    <section className="actions" aria-label={label('action.group')}>
      {rule?.blindAllowed && legal.pass !== null && (
        <fieldset className="blind">
          <legend>{label('blind.legend')}</legend>
          {[0, 1, 2, 3].map((count) => (
            <ActionButton key={count} action={`blind-${count}`} enabled={!busy && blindCounts.includes(count)} pressed={blind === count} onClick={() => onBlind(count)}>
              {label('blind.option', { count })}
            </ActionButton>
          ))}
        </fieldset>
      )}
      {legal.vote.length > 0 && (
        <div className="row vote">
          {legal.vote.includes('stop') && (
            <ActionButton action="vote-stop" enabled={!busy} onClick={() => onAct('vote-stop')}>
              {label('action.vote-stop')}
            </ActionButton>
          )}
          {legal.vote.includes('continue') && (
            <ActionButton action="vote-continue" enabled={!busy} onClick={() => onAct('vote-continue')} kind="primary">
              {label('action.vote-continue')}
            </ActionButton>
          )}
        </div>
      )}
      {legal.offer.length > 0 && (
        <div className="row offer">
          {legal.offer.map((count) => (
            <ActionButton key={count} action={`offer-${count}`} enabled={!busy} onClick={() => onAct('offer', count)}>
              {label('action.offer', { count })}
            </ActionButton>
          ))}
        </div>
      )}
      <div className="row main">
        {hint}
        {legal.pass !== null && (
          <ActionButton action="pass" enabled={ready} onClick={() => onAct('pass')} kind="primary">
            {label('action.pass')}
          </ActionButton>
        )}
        {legal.courtesy !== null && (
          <ActionButton action="give" enabled={ready} onClick={() => onAct('give')} kind="primary">
            {label('action.give')}
          </ActionButton>
        )}
        {legal.retract && (
          <ActionButton action="retract" enabled={!busy} onClick={() => onAct('retract')}>
            {label('action.retract')}
          </ActionButton>
        )}
        {legal.draw && (
          <ActionButton action="draw" enabled={!busy} onClick={() => onAct('draw')} kind="primary">
            {label('action.draw')}
          </ActionButton>
        )}
        {legal.declareMahjong && (
          <ActionButton action="declare" enabled={!busy} onClick={() => onAct('declare')}>
            {label('action.declare')}
          </ActionButton>
        )}
        {legal.redeal && (
          <ActionButton action="redeal" enabled={!busy} onClick={() => onAct('redeal')} kind="primary">
            {label('action.redeal')}
          </ActionButton>
        )}
      </div>
    </section>
  );
}

/** Props of the table menu. */
export interface TableMenuProps {
  locale: Locale;
  legal: LegalActions | null;
  busy: boolean;
  onMisdeal: () => void;
}

/** The rare table-level actions behind a menu button (`data-action="menu"`), each with its consequence stated. */
export function TableMenu({ locale, legal, busy, onMisdeal }: TableMenuProps) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const available = legal?.declareMisdeal ?? false;
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLButtonElement>('[data-action="misdeal"]')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  if (!available) return null;
  return (
    <div className="menu">
      <button type="button" className="menu-button" data-action="menu" aria-expanded={open} aria-controls="table-menu" aria-label={ct(locale, 'menu.open')} title={ct(locale, 'menu.open')} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2.2" />
          <circle cx="12" cy="12" r="2.2" />
          <circle cx="19" cy="12" r="2.2" />
        </svg>
      </button>
      {open && (
        <div className="menu-panel" id="table-menu" ref={panel} role="group" aria-label={ct(locale, 'menu.heading')}>
          <p className="menu-heading">{ct(locale, 'menu.heading')}</p>
          <p className="menu-note">{ct(locale, 'menu.misdealNote')}</p>
          <div className="row">
            <button
              type="button"
              className="action danger"
              data-action="misdeal"
              disabled={busy}
              onClick={() => {
                setOpen(false);
                onMisdeal();
              }}
            >
              {ct(locale, 'action.misdeal')}
            </button>
            <button type="button" className="action quiet" onClick={() => setOpen(false)}>
              {ct(locale, 'menu.close')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
