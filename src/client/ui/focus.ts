/**
 * Keyboard focus and the phone's sticky rack. When a control that holds focus goes away (the confirm box after
 * Confirm or Cancel), the browser drops focus to the page's body, and a keyboard user has to start again from
 * the top; these hooks put it back on a sensible control instead. On a phone the rack is stuck to the bottom of
 * the screen: the page's scroll padding reserves its height, so a control scrolled "into view" is scrolled above
 * the rack, not under it.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** True when nothing useful holds focus: the body, nothing, or an element that left the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement || !active.isConnected;
}

/** True when the element can take focus now (still on the page, not disabled). */
function canFocus(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !(element instanceof HTMLButtonElement && element.disabled);
}

/** Focuses the first of the candidates that can take focus; true when one did. */
export function focusFirst(candidates: readonly (Element | null)[]): boolean {
  for (const candidate of candidates) {
    if (canFocus(candidate)) {
      candidate.focus({ preventScroll: true });
      candidate.scrollIntoView({ block: 'nearest' });
      return true;
    }
  }
  return false;
}

/** The first tile of the rack, then the first enabled action of the phase: where focus goes after a send. */
export function mainControls(page: ParentNode | null): (Element | null)[] {
  if (page === null) return [];
  return [page.querySelector('.rack [data-tile]'), page.querySelector('.actions button:not(:disabled)')];
}

/**
 * The confirm step's focus: when the box opens, its Confirm button takes focus (the box is scrolled into view);
 * when it closes, focus goes back to the control that opened it (a Cancel, or a box closed because the table moved
 * on), or, after a send or when that control is gone or disabled, to the rack's first tile or the phase's action.
 * Focus the player moved elsewhere meanwhile is left alone.
 */
export function useConfirmFocus(open: boolean, sending: boolean, page: RefObject<HTMLElement | null>, box: RefObject<HTMLElement | null>, confirm: RefObject<HTMLButtonElement | null>): void {
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (open && !wasOpen.current) {
      opener.current = document.activeElement;
      confirm.current?.focus({ preventScroll: true });
      box.current?.scrollIntoView({ block: 'nearest' });
    } else if (!open && wasOpen.current && focusIsLost()) {
      const back = sending ? [] : [opener.current];
      focusFirst([...back, ...mainControls(page.current)]);
    }
    wasOpen.current = open;
  }, [open, sending, page, box, confirm]);
}

/**
 * Keeps keyboard focus in the page when the control holding it is removed (a tile that leaves the rack when a pass
 * resolves, a button of a phase that is over): focus then goes to the rack's first tile or the phase's action.
 * Focus the player took elsewhere (a click on the background, another window) is left alone: a control that lost
 * focus while still on the page was left by the player, not removed.
 */
export function useFocusKeeper(page: RefObject<HTMLElement | null>): void {
  const inPage = useRef(false);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent): void => {
      inPage.current = event.target instanceof Node && page.current?.contains(event.target) === true;
    };
    const onFocusOut = (event: FocusEvent): void => {
      const target = event.target;
      if (event.relatedTarget !== null || !(target instanceof Node)) return;
      // Removal fires focusout too: once the removal is done, a removed control is no longer on the page.
      queueMicrotask(() => {
        if (target.isConnected) inPage.current = false;
      });
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [page]);
  // After every render: the render may have removed the focused control.
  useLayoutEffect(() => {
    if (inPage.current && focusIsLost()) focusFirst(mainControls(page.current));
  });
}

/**
 * Reserves the sticky rack's height as the page's bottom scroll padding (`--dock-height`, read by the style on a
 * phone), so that scrolling a control into view puts it above the rack.
 */
export function useDockHeight(dock: RefObject<HTMLElement | null>, present: boolean): void {
  useEffect(() => {
    const element = dock.current;
    if (!present || element === null) return undefined;
    const root = document.documentElement;
    const update = (): void => root.style.setProperty('--dock-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--dock-height');
    };
  }, [dock, present]);
}

/** Scrolls the element into view (above the sticky rack on a phone) each time `key` changes while `when` holds. */
export function useRevealWhen(when: boolean, key: string, element: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (when) element.current?.scrollIntoView({ block: 'nearest' });
  }, [when, key, element]);
}
