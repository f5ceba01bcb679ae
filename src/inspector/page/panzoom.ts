/**
 * Pan and zoom for the chart: drag to pan (mouse, pen or one finger), wheel or two-finger pinch to zoom about
 * the pointer, buttons to zoom in, out, fit and 1:1. The content is one element moved with a CSS transform
 * inside a clipping viewport, so nothing is laid out again while moving.
 */

/** Zoom limits. */
const MIN_SCALE = 0.1;
const MAX_SCALE = 4;

/** A pan-and-zoom controller over `viewport` (clips) and `content` (moves). */
export class PanZoom {
  scale = 1;
  x = 0;
  y = 0;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private pinch: { distance: number; scale: number } | null = null;
  /** Size of the content at scale 1. */
  private width = 0;
  private height = 0;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly content: HTMLElement,
    private readonly onChange: () => void = () => undefined,
  ) {
    viewport.addEventListener('wheel', (event) => this.wheel(event), { passive: false });
    viewport.addEventListener('pointerdown', (event) => this.down(event));
    viewport.addEventListener('pointermove', (event) => this.move(event));
    for (const type of ['pointerup', 'pointercancel', 'pointerleave'] as const) viewport.addEventListener(type, (event) => this.up(event));
  }

  /** Sets the content's natural size (after a new drawing). */
  setSize(width: number, height: number): void {
    this.width = width;
    this.height = height;
  }

  private apply(): void {
    this.content.style.transform = `translate(${this.x}px, ${this.y}px) scale(${this.scale})`;
    this.viewport.dataset['scale'] = this.scale.toFixed(2);
    this.onChange();
  }

  /** Zooms to `scale` keeping the viewport point (px, py) still. */
  zoomTo(scale: number, px = this.viewport.clientWidth / 2, py = this.viewport.clientHeight / 2): void {
    const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
    this.x = px - ((px - this.x) * next) / this.scale;
    this.y = py - ((py - this.y) * next) / this.scale;
    this.scale = next;
    this.apply();
  }

  /** Zooms in or out one step. */
  zoomBy(factor: number): void {
    this.zoomTo(this.scale * factor);
  }

  /** Fits the whole chart (`all`), or its width with a readable floor (`width`). */
  fit(mode: 'all' | 'width' = 'all', floor = 0): void {
    const cw = Math.max(50, this.viewport.clientWidth - 8);
    const ch = Math.max(50, this.viewport.clientHeight - 8);
    if (this.width === 0 || this.height === 0) return;
    const fitted = mode === 'all' ? Math.min(cw / this.width, ch / this.height) : cw / this.width;
    this.scale = Math.min(1.25, Math.max(MIN_SCALE, fitted, floor));
    this.x = Math.max(4, (cw - this.width * this.scale) / 2);
    this.y = mode === 'all' ? Math.max(4, (ch - this.height * this.scale) / 2) : 4;
    this.apply();
  }

  /** Pans so that the content rectangle (at scale 1) is centred, if it is not fully visible. */
  reveal(box: { x: number; y: number; width: number; height: number }): void {
    const cw = this.viewport.clientWidth;
    const ch = this.viewport.clientHeight;
    const left = this.x + box.x * this.scale;
    const top = this.y + box.y * this.scale;
    const right = left + box.width * this.scale;
    const bottom = top + box.height * this.scale;
    if (left >= 0 && top >= 0 && right <= cw && bottom <= ch) return;
    this.x += cw / 2 - (left + right) / 2;
    this.y += ch / 2 - (top + bottom) / 2;
    this.apply();
  }

  private wheel(event: WheelEvent): void {
    event.preventDefault();
    const rect = this.viewport.getBoundingClientRect();
    this.zoomTo(this.scale * Math.exp(-event.deltaY * 0.0015), event.clientX - rect.left, event.clientY - rect.top);
  }

  private down(event: PointerEvent): void {
    if ((event.target as Element).closest('button, a, select, input')) return;
    this.viewport.setPointerCapture?.(event.pointerId);
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pointers.size === 2) this.pinch = { distance: this.distance(), scale: this.scale };
    this.viewport.classList.add('dragging');
  }

  private distance(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  private move(event: PointerEvent): void {
    const previous = this.pointers.get(event.pointerId);
    if (!previous) return;
    const current = { x: event.clientX, y: event.clientY };
    this.pointers.set(event.pointerId, current);
    if (this.pointers.size >= 2 && this.pinch && this.pinch.distance > 0) {
      const [a, b] = [...this.pointers.values()];
      const rect = this.viewport.getBoundingClientRect();
      if (a && b) this.zoomTo((this.pinch.scale * this.distance()) / this.pinch.distance, (a.x + b.x) / 2 - rect.left, (a.y + b.y) / 2 - rect.top);
      return;
    }
    this.x += current.x - previous.x;
    this.y += current.y - previous.y;
    this.apply();
  }

  private up(event: PointerEvent): void {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (this.pointers.size === 0) this.viewport.classList.remove('dragging');
  }
}
