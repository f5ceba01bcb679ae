import { defineConfig } from 'vitest/config';

/**
 * The fast loop (`npm run test:unit`, project `unit`): rule tables, the import-graph and boundary checks, scenario
 * scripts, the statechart check, and the embedding checks of views (no leak), legal actions and persistence. Straight
 * from the sources: no build, no browser, no database. They mock nothing and share no state, so a worker runs them
 * in one module graph (`isolate: false`): each module is loaded once per worker, not once per file.
 */
const UNIT = [
  'test/unit/**/*.test.ts',
  'test/scenarios.test.ts',
  'test/statechart.test.ts',
  'test/embedding/legal.test.ts',
  'test/embedding/no-leak.test.ts',
  'test/embedding/persist.test.ts',
];

/**
 * Files that must have the machine to themselves (project `alone`): they start PostgreSQL clusters of their own,
 * kill nodes in the middle of a commit, or measure how cost grows with load. They run one at a time after the rest.
 */
const ALONE = [
  'test/server/faults.test.ts',
  'test/server/multi-host.test.ts',
  'test/server/shutdown-nodes.test.ts',
  'test/server/crash.test.ts',
  'test/server/batch-crash.test.ts',
  'test/server/failover.test.ts',
  'test/inspector/load.test.ts',
];

/**
 * How many test files run at once (the rest of the suite). Most files wait on browsers, child processes and
 * sockets more than they compute, so two share two cores with room for the browsers and services they start
 * (three overloaded a busy machine: children started too slowly for their timeouts); CHARLESTON_TEST_WORKERS
 * overrides it.
 */
const WORKERS = Number(process.env.CHARLESTON_TEST_WORKERS ?? '') || 2;

/** Saves one blank in-memory PGlite cluster for the run (the unit files open no database). */
const PGLITE_TEMPLATE = ['test/support/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, maxWorkers: WORKERS, isolate: false } },
      { extends: true, test: { name: 'parallel', include: ['test/**/*.test.ts'], exclude: [...UNIT, ...ALONE], globalSetup: PGLITE_TEMPLATE, maxWorkers: WORKERS } },
      { extends: true, test: { name: 'alone', include: ALONE, globalSetup: PGLITE_TEMPLATE, maxWorkers: 1, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
