import { describe, expect, it } from 'vitest';
import { sizeFr } from './size-fr.ts';

describe('sizeFr', () => {
  it('writes megabytes with one French decimal and a no-break space', () => {
    expect(sizeFr(2.4 * 1024 * 1024)).toBe('2,4\u00a0Mo');
    expect(sizeFr(3 * 1024 * 1024)).toBe('3\u00a0Mo');
    expect(sizeFr(1234 * 1024 * 1024)).toBe('1\u00a0234\u00a0Mo');
  });
  it('writes what is under a megabyte in whole kilobytes, never « 0 ko »', () => {
    expect(sizeFr(850 * 1024)).toBe('850\u00a0ko');
    expect(sizeFr(12)).toBe('1\u00a0ko');
  });
});
