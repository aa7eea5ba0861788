import { describe, expect, it } from 'vitest';
import { parseIntList } from './facet-index';

describe('parseIntList', () => {
  it('reads a comma-separated list of 32-bit integers, signs included', () => {
    expect(Array.from(parseIntList('12,-3,40,0,2147483647,-2147483648'))).toEqual([12, -3, 40, 0, 2147483647, -2147483648]);
    expect(Array.from(parseIntList('7'))).toEqual([7]);
  });

  it('is empty for no cells', () => {
    expect(parseIntList(null)).toHaveLength(0);
    expect(parseIntList('')).toHaveLength(0);
  });
});
