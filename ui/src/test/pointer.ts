// Pointer events for jsdom, which has no PointerEvent: a MouseEvent under that name carries the
// clientX/clientY and button that reordering by dragging reads.
export function installPointerEvent(): void {
  const scope = globalThis as { PointerEvent?: unknown };
  if (scope.PointerEvent) return;
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: MouseEventInit & { pointerId?: number } = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  scope.PointerEvent = PointerEventShim;
}

/** Gives each element its place on screen: row `i` of `rows` spans `top + i*height`. */
export function layOutRows(rows: readonly HTMLElement[], height = 40, top = 0): void {
  rows.forEach((row, i) => {
    const y = top + i * height;
    row.getBoundingClientRect = () => ({ top: y, bottom: y + height, left: 0, right: 200, width: 200, height, x: 0, y, toJSON: () => ({}) });
  });
}
