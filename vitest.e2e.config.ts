import { defineConfig } from 'vitest/config';

// Browser journeys: a real server on a temporary DATA_DIR, driven through the system Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Two journey files at a time: each waits on its own shop, browser and database much of the time,
    // and every file starts its own shop on a free port with its own data, so they do not meet.
    // One at a time took the CI run past 20 minutes. `npm run test:e2e` runs e2e/faults.test.ts on its
    // own afterwards: its load and crash tests take both cores, and slowed the journeys beside them
    // into timing failures.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // expect.poll waits for what the page does after a request or a timer: 1 s (vitest's default)
    // was too short on a loaded 2-core machine ('Calculating...' still shown). A wrong value still
    // fails, 10 s later.
    expect: { poll: { timeout: 10_000 } },
  },
});
