import { defineConfig } from 'vitest/config';

// Unit tests (src/domain) and API tests through the real app (src/server). Each API test file gets
// its own fresh database: PGlite in memory, or a new PostgreSQL database when DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Migrates one database that every API test file then starts from (see the file).
    globalSetup: ['src/server/testing/global-setup.ts'],
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine. The API
    // files spend much of their time waiting on their database, and each has its own, so two at once.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
