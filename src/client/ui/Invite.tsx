/**
 * One invite link in the lobby: its title, the link itself (its text is exactly its address), a copy button (the clipboard API; where it is missing or refused,
 * the link's text is selected so the person can copy it by hand) and a QR code for a phone, opened on demand and
 * scrolled into view when opened (on a phone it would open below the fold). The QR code is made by
 * `lean-qr` (its small `nano` build, MIT) and drawn here as one SVG path, so nothing is injected as markup.
 */
import { generate } from 'lean-qr/nano';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../../index.js';
import { ct } from '../i18n/catalog.js';

/** The dark modules of a QR code as one SVG path (one unit square per module), with its size in modules. */
export function qrPath(text: string): { size: number; path: string } {
  const code = generate(text);
  const parts: string[] = [];
  for (let y = 0; y < code.size; y += 1) {
    let x = 0;
    while (x < code.size) {
      if (!code.get(x, y)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < code.size && code.get(x, y)) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return { size: code.size, path: parts.join('') };
}

/** A QR code of `text` as SVG, with a quiet zone of four modules. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  const pad = 4;
  return (
    <svg className="qr" viewBox={`${-pad} ${-pad} ${size + 2 * pad} ${size + 2 * pad}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect x={-pad} y={-pad} width={size + 2 * pad} height={size + 2 * pad} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Props of one invite. */
export interface InviteProps {
  locale: Locale;
  /** What the link is for ("Seat South", "Ana at South", "Watch the table"). */
  title: string;
  /**
   * The QR code's label, a sentence of its own ("QR code of the link for Ana (South): …"): the title does not read
   * after "for" (a command for the spectator; a wind in the wrong case in Greek).
   */
  qrLabel: string;
  /** The link: opened, shown as the link's text, copied and drawn as the QR code (the same text everywhere). */
  href: string;
  /** `data-invite`: the seat, or `spectator`. */
  invite: string;
}

/** An invite: its title, the link, a copy button and a QR code (opened on demand, then scrolled into view). */
export function Invite({ locale, title, qrLabel, href, invite }: InviteProps) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'select'>('no');
  const [qr, setQr] = useState(false);
  const text = useRef<HTMLAnchorElement>(null);
  const qrBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (qr) qrBox.current?.scrollIntoView({ block: 'nearest' });
  }, [qr]);
  const selectText = (): void => {
    const node = text.current;
    const selection = window.getSelection();
    if (node === null || selection === null) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
    setCopied('select');
  };
  const copy = (): void => {
    if (navigator.clipboard === undefined || !window.isSecureContext) {
      selectText();
      return;
    }
    navigator.clipboard.writeText(href).then(() => setCopied('yes'), selectText);
  };
  return (
    <li className="invite" data-invite-item={invite}>
      <h3 className="invite-title">{title}</h3>
      <a href={href} className="link" data-invite={invite} ref={text}>
        {href}
      </a>
      <span className="row">
        <button type="button" className="action" data-action="copy" onClick={copy}>
          {ct(locale, 'lobby.copy')}
        </button>
        <button type="button" className="action quiet" data-action="qr" aria-expanded={qr} onClick={() => setQr(!qr)}>
          {ct(locale, 'lobby.showQr')}
        </button>
        <span className="muted" aria-live="polite">
          {copied === 'yes' ? ct(locale, 'lobby.copied') : copied === 'select' ? ct(locale, 'lobby.copySelect') : ''}
        </span>
      </span>
      {qr && (
        <div className="qr-box" ref={qrBox}>
          <QrCode text={href} label={qrLabel} />
        </div>
      )}
    </li>
  );
}
