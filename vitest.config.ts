import { defineConfig } from 'vitest/config';

// Unit tests (src/domain) and API tests through the real app (src/server). Each API test file gets
// its own fresh database: PGlite in memory, or a new PostgreSQL database when DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
