import { defineConfig } from 'vitest/config';

/**
 * Files that must have the machine to themselves: they start PostgreSQL clusters of their own, kill nodes in the
 * middle of a commit, or measure how cost grows with load. They run one at a time after all the others.
 */
const ALONE = [
  'test/server/faults.test.ts',
  'test/server/shutdown-nodes.test.ts',
  'test/server/crash.test.ts',
  'test/server/batch-crash.test.ts',
  'test/inspector/load.test.ts',
];

/**
 * How many test files run at once (the rest of the suite). Most files wait on browsers, child processes and
 * sockets more than they compute, so three share two cores well; CHARLESTON_TEST_WORKERS overrides it.
 */
const WORKERS = Number(process.env.CHARLESTON_TEST_WORKERS ?? '') || 3;

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['test/support/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'parallel', include: ['test/**/*.test.ts'], exclude: ALONE, maxWorkers: WORKERS, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
