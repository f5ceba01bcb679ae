/**
 * Only what can be done now: the controls of the current phase, as {@link connect} describes them (each present
 * exactly while its action is legal for this seat; an absent control counts as not enabled: the test hooks of docs/client.md).
 * Pass and give also need the right number of chosen tiles (present but disabled until then, so the player sees
 * where the packet goes). The misdeal, a table-level action, is in the {@link TableMenu} with its consequence
 * stated. These components only render: every prop and every event comes from `connect`.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Locale } from '../../index.js';
import type { ControlProps, SeatProps } from '../connect.js';
import type { FlowEvent } from '../flow.logic.js';
import { ct } from '../i18n/catalog.js';
import { focusIsLost } from './focus.js';

/** One control as a button. */
export function Control({ control, send, buttonRef }: { control: ControlProps; send: (event: FlowEvent) => void; buttonRef?: React.Ref<HTMLButtonElement> }) {
  return (
    <button
      type="button"
      className={`action ${control.kind}`.trim()}
      data-action={control.action}
      disabled={!control.enabled}
      onClick={() => send(control.event)}
      aria-pressed={control.pressed}
      ref={buttonRef}
    >
      {control.label}
    </button>
  );
}

/** Props of the action bar. */
export interface ActionsProps {
  locale: Locale;
  seat: SeatProps;
  send: (event: FlowEvent) => void;
  /** The section, for the page to scroll it into view. */
  sectionRef?: React.Ref<HTMLElement>;
}

/** The controls of this phase. */
export function Actions({ locale, seat, send, sectionRef }: ActionsProps) {
  return (
    <section ref={sectionRef} className="actions" aria-label={ct(locale, 'action.group')}>
      {seat.blind.length > 0 && (
        <fieldset className="blind">
          <legend>{ct(locale, 'blind.legend')}</legend>
          {seat.blind.map((control) => (
            <Control key={control.action} control={control} send={send} />
          ))}
        </fieldset>
      )}
      {seat.vote.length > 0 && (
        <div className="row vote">
          {seat.vote.map((control) => (
            <Control key={control.action} control={control} send={send} />
          ))}
        </div>
      )}
      {seat.offer.length > 0 && (
        <div className="row offer">
          {seat.offer.map((control) => (
            <Control key={control.action} control={control} send={send} />
          ))}
        </div>
      )}
      <div className="row main">
        {seat.main.map((control) => (
          <Control key={control.action} control={control} send={send} />
        ))}
      </div>
    </section>
  );
}

/** Props of the table menu. */
export interface TableMenuProps {
  locale: Locale;
  menu: SeatProps['menu'];
  send: (event: FlowEvent) => void;
  /** The sound toggle (`data-action="sound"`): on or off, and how to switch it. */
  sound: { on: boolean; set: (on: boolean) => void };
  /** Solo practice: deals another hand at once (`data-action="new-hand"`); absent: not offered. */
  newHand?: () => void;
}

/**
 * The menu behind a button (`data-action="menu"`): the sound toggle for "your turn", in solo practice a new hand,
 * and the rare table-level actions (the misdeal, while it may be declared), each with its consequence stated. When the menu closes (Escape,
 * Close, or its action chosen) and focus would fall to the page's body, it goes back to the menu button.
 */
export function TableMenu({ locale, menu, send, sound, newHand }: TableMenuProps) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (!open && wasOpen.current && focusIsLost()) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    (panel.current?.querySelector<HTMLButtonElement>('[data-action="misdeal"]') ?? panel.current?.querySelector<HTMLButtonElement>('[data-action="sound"]'))?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className="menu">
      <button ref={button} type="button" className="menu-button" data-action="menu" aria-expanded={open} aria-controls="table-menu" aria-label={ct(locale, 'menu.open')} title={ct(locale, 'menu.open')} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2.2" />
          <circle cx="12" cy="12" r="2.2" />
          <circle cx="19" cy="12" r="2.2" />
        </svg>
      </button>
      {open && (
        <div className="menu-panel" id="table-menu" ref={panel} role="group" aria-label={ct(locale, 'menu.heading')}>
          <div className="row">
            <button type="button" className="action quiet sound" data-action="sound" aria-pressed={sound.on} onClick={() => sound.set(!sound.on)}>
              <span className="switch" aria-hidden="true">
                {sound.on ? '✓' : '○'}
              </span>
              {ct(locale, 'sound.toggle')}
            </button>
          </div>
          {newHand !== undefined && (
            <>
              <p className="menu-keep">{ct(locale, 'solo.newHandNote')}</p>
              <div className="row">
                <button
                  type="button"
                  className="action"
                  data-action="new-hand"
                  onClick={() => {
                    setOpen(false);
                    newHand();
                  }}
                >
                  {ct(locale, 'solo.newHand')}
                </button>
              </div>
            </>
          )}
          {menu !== null && (
            <>
              <p className="menu-heading">{ct(locale, 'menu.heading')}</p>
              <p className="menu-note">{ct(locale, 'menu.misdealNote')}</p>
            </>
          )}
          <div className="row">
            {menu !== null && (
              <Control
                control={menu.misdeal}
                send={(event) => {
                  setOpen(false);
                  send(event);
                }}
              />
            )}
            <button type="button" className="action quiet" onClick={() => setOpen(false)}>
              {ct(locale, 'menu.close')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
