import { describe, expect, it } from 'vitest';
import { lengthOf, shapeOf } from './media-shape';

describe('shapeOf', () => {
  it('names the usual ad sizes', () => {
    expect(shapeOf(1080, 1920)).toBe('9:16');
    expect(shapeOf(720, 1280)).toBe('9:16');
    expect(shapeOf(1080, 1350)).toBe('4:5');
    expect(shapeOf(1080, 1080)).toBe('1:1');
    expect(shapeOf(1920, 1080)).toBe('16:9');
    expect(shapeOf(854, 480)).toBe('16:9');
  });
  it('puts the others in « other » and an unknown size nowhere', () => {
    expect(shapeOf(1200, 628)).toBe('other');
    expect(shapeOf(300, 250)).toBe('other');
    expect(shapeOf(null, 1080)).toBeNull();
    expect(shapeOf(0, 0)).toBeNull();
  });
});

describe('lengthOf', () => {
  it('rounds to whole seconds before choosing the class', () => {
    expect(lengthOf(6020)).toBe('le6');
    expect(lengthOf(6600)).toBe('le15');
    expect(lengthOf(15_000)).toBe('le15');
    expect(lengthOf(29_700)).toBe('le30');
    expect(lengthOf(31_000)).toBe('long');
    expect(lengthOf(null)).toBeNull();
  });
});
