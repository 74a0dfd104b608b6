import { describe, expect, it } from 'vitest';
import { buildModeOf, staleReason } from './build-stamp.mjs';

const at = (iso: string) => Date.parse(iso);

describe('the build stamp (npm start serves only a current production build)', () => {
  const production = { builtAt: '2026-11-25T12:00:00.000Z', mode: 'production' };

  it('serves a production build newer than every source', () => {
    expect(staleReason(production, at('2026-11-25T11:59:00.000Z'))).toBeNull();
  });

  it('rebuilds when there is no build, no stamp, or a stamp from before modes were recorded', () => {
    expect(staleReason(null, 0)).toMatch(/No build found/);
    expect(staleReason(production, 0, false)).toMatch(/No build found/);
  });

  it('rebuilds a build made for development or test, however new it is', () => {
    const development = { ...production, mode: 'development' };
    expect(staleReason(development, 0)).toBe(
      'The build was made for development: building the shop for production...',
    );
    expect(staleReason({ ...production, mode: 'test' }, 0)).toMatch(/made for test/);
  });

  it('rebuilds when a source changed after the build', () => {
    expect(staleReason(production, at('2026-11-25T12:00:01.000Z'))).toMatch(/Sources changed/);
  });

  it('records the mode Vite bundles React for: NODE_ENV, production when unset', () => {
    expect(buildModeOf({})).toBe('production');
    expect(buildModeOf({ NODE_ENV: '' })).toBe('production');
    expect(buildModeOf({ NODE_ENV: 'development' })).toBe('development');
    expect(buildModeOf({ NODE_ENV: 'production' })).toBe('production');
  });
});
