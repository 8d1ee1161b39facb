import { depthOf } from './body-depth.js';

describe('depthOf', () => {
  it('counts nesting of objects and arrays, not scalars', () => {
    expect(depthOf('x')).toBe(0);
    expect(depthOf({ a: 1 })).toBe(1);
    expect(depthOf({ a: [{ b: [] }] })).toBe(4);
  });

  it('measures very deep values without overflowing the stack and stops past the limit', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(depthOf(deep, 32)).toBe(33);
  });
});
