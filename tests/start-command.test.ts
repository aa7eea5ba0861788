import { describe, expect, it } from 'vitest';
import { parseStartScript, startCommand } from '../bench/start-command';

/** The benchmarks start the server as `npm start` does (bench/start-command.ts). */
describe('the start command the benchmarks follow', () => {
  it("reads npm start's environment and node flags from package.json", () => {
    const start = startCommand();
    expect(start.nodeFlags).toContain('--max-semi-space-size=8');
    expect(start.env).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
  });

  it('takes the variables before exec and the flags before the entry', () => {
    expect(parseStartScript('npm run build && A=1 B_C=x=y exec node --a --b=2 dist-server/index.js')).toEqual({
      env: { A: '1', B_C: 'x=y' },
      nodeFlags: ['--a', '--b=2'],
    });
    expect(parseStartScript('node dist-server/index.js')).toEqual({ env: {}, nodeFlags: [] });
  });

  it('refuses a script of another shape rather than measuring something else', () => {
    expect(() => parseStartScript('tsx server/index.ts')).toThrow(/forme attendue/);
    expect(() => parseStartScript('npm run build && exec node dist/other.js')).toThrow(/forme attendue/);
  });
});
