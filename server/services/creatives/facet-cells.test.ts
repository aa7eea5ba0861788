import { describe, expect, it } from 'vitest';
import { parseIntList } from './facet-cells';

describe('parseIntList', () => {
  it('reads a comma-separated list of 32-bit integers, signs included', () => {
    const out = new Int32Array(8);
    expect(parseIntList('12,-3,40,0,2147483647,-2147483648', out)).toBe(6);
    expect(parseIntList('7', out, 6)).toBe(1);
    expect(Array.from(out)).toEqual([12, -3, 40, 0, 2147483647, -2147483648, 7, 0]);
  });

  it('is empty for no cells', () => {
    const out = new Int32Array(2);
    expect(parseIntList(null, out)).toBe(0);
    expect(parseIntList('', out, 1)).toBe(0);
    expect(Array.from(out)).toEqual([0, 0]);
  });
});
