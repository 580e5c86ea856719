import { describe, expect, it } from 'vitest';
import { pageStart, wheelScroll } from './slider-scroll.ts';

const wheel = (deltaY: number, deltaX = 0, deltaMode = 0) => ({ deltaX, deltaY, deltaMode });

describe('the badge slider takes the mouse wheel', () => {
  it('turns a vertical turn of the wheel into a sideways scroll, in pixels or in lines', () => {
    expect(wheelScroll(0, 600, wheel(100))).toBe(100);
    expect(wheelScroll(300, 600, wheel(-120))).toBe(180);
    expect(wheelScroll(0, 600, wheel(3, 0, 1))).toBe(120);
  });

  it('stops at either end, then leaves the wheel to the page', () => {
    expect(wheelScroll(550, 600, wheel(100))).toBe(600);
    expect(wheelScroll(600, 600, wheel(100))).toBeNull();
    expect(wheelScroll(0, 600, wheel(-100))).toBeNull();
  });

  it('leaves alone a slider with nothing to scroll and a sideways gesture the browser scrolls itself', () => {
    expect(wheelScroll(0, 0, wheel(100))).toBeNull();
    expect(wheelScroll(0, 600, wheel(10, 40))).toBeNull();
  });
});

describe('the slider’s buttons page through whole badges', () => {
  const slider = { step: 250, perPage: 4, max: 1260 };

  it('starts the next page on the badge after the last one shown, and never past the end', () => {
    expect(pageStart(0, 1, slider)).toBe(1000);
    expect(pageStart(1000, 1, slider)).toBe(1260);
    // Scrolled by hand to the middle of a badge: the next page still starts on a badge.
    expect(pageStart(130, 1, slider)).toBe(1000);
  });

  it('goes back a page to a badge’s start, and not before the first', () => {
    // At the end the view starts 10 px into the sixth badge: the page before ends with it, whole.
    expect(pageStart(1260, -1, slider)).toBe(500);
    expect(pageStart(1000, -1, slider)).toBe(0);
    expect(pageStart(200, -1, slider)).toBe(0);
  });

  it('counts a badge scrolled past by a fraction of a pixel as not begun', () => {
    expect(pageStart(999.6, 1, slider)).toBe(1260);
    expect(pageStart(1000.4, -1, slider)).toBe(0);
  });
});
