import { defineConfig } from 'vitest/config';

// Browser journeys: a real server on a temporary DATA_DIR, driven through the system Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
