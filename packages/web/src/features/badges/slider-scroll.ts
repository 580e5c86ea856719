/** The badge slider's scrolling rules, apart from the DOM so they can be tested. */

/** A line of a wheel that counts in lines (Firefox with some mice), in pixels. */
const LINE_PX = 40;

/**
 * Where a vertical turn of the mouse wheel takes the slider, or null to leave the event to the page:
 * a sideways gesture (a trackpad, a tilting wheel) the browser scrolls itself, and a slider already
 * at the end the wheel turns towards lets the page scroll on.
 */
export function wheelScroll(left: number, max: number, wheel: { deltaX: number; deltaY: number; deltaMode: number }): number | null {
  if (max <= 0 || Math.abs(wheel.deltaY) <= Math.abs(wheel.deltaX)) return null;
  const delta = wheel.deltaMode === 1 ? wheel.deltaY * LINE_PX : wheel.deltaY;
  const next = Math.max(0, Math.min(max, left + delta));
  return next === left ? null : next;
}

/**
 * Where the next or previous page of the slider starts: always at a badge's start, so that paging
 * never leaves half a badge at the edge. `step` is a badge's width plus the gap, `perPage` the whole
 * badges one view holds, `max` the furthest the slider scrolls.
 */
export function pageStart(left: number, direction: 1 | -1, { step, perPage, max }: { step: number; perPage: number; max: number }): number {
  if (step <= 0) return left;
  // The badge the view starts on; one scrolled past by less than a pixel or so counts as not begun.
  const first = direction > 0 ? Math.floor(left / step + 0.01) : Math.ceil(left / step - 0.01);
  return Math.max(0, Math.min(max, (first + direction * perPage) * step));
}
