import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
 * Files that start PostgreSQL clusters of their own, kill nodes in the middle of a commit, fail a primary over, or
 * measure memory under load (project `alone`), three at a time: the failover file, which mostly waits on its
 * monitor's timeouts, beside two lanes of the others. They never share the machine with each other beyond that.
 * `npm test` runs them in a vitest run of their own beside the main one (scripts/run-suite.mjs): they mostly wait,
 * and after the rest they left half the CPU idle for about 90 s. One `vitest run` runs them after the rest.
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
 * Files that need a module graph of their own (project `fresh`): they check the state a module starts in (the core
 * before `charleston-engine/locales` is imported), which another file run earlier in the same worker would change.
 */
const FRESH = ['test/i18n/not-loaded.test.ts'];

/**
 * How many test files run at once (the rest of the suite). On two cores the suite is bound by CPU (Chromium's
 * processes, the services the files start): two files keep both cores busy, and three made the whole run slower
 * (970 s against 895 s, measured before the headless shell); CHARLESTON_TEST_WORKERS overrides it.
 */
const WORKERS = Number(process.env.CHARLESTON_TEST_WORKERS ?? '') || 2;

/** Saves one blank in-memory PGlite cluster for the run (the unit files open no database). */
const PGLITE_TEMPLATE = ['test/support/global-setup.ts'];

/**
 * The slowest files of the suite, slowest first (wall seconds of a full run on the 2-core machine). They start
 * first in their project, so no long file is left to run alone at the end while the other worker idles: without a
 * cache of earlier runs (a fresh clone) vitest starts the largest files first, and the slowest files are short.
 */
const SLOWEST_FIRST = [
  // parallel
  'test/client/solo.e2e.test.ts',
  'test/client/service.e2e.test.ts',
  'test/client/table-desktop.e2e.test.ts',
  'test/client/table.e2e.test.ts',
  'test/client/fair-table.e2e.test.ts',
  'test/server/serve-flags.test.ts',
  'test/server/limits.test.ts',
  'test/server/oracle.test.ts',
  'test/client/no-overlap.e2e.test.ts',
  'test/inspector/layout.e2e.test.ts',
  'test/inspector/live-context.e2e.test.ts',
  'test/client/card-table.e2e.test.ts',
  'test/client/friends.e2e.test.ts',
  'test/client/joining.e2e.test.ts',
  'test/packaging.test.ts',
  'test/inspector/service.e2e.test.ts',
  // alone
  'test/server/failover.test.ts',
  'test/server/faults.test.ts',
  'test/server/crash.test.ts',
  'test/inspector/load.test.ts',
  'test/server/batch-crash.test.ts',
  'test/server/shutdown-nodes.test.ts',
  'test/server/multi-host.test.ts',
];

/** Vitest's order (group, project, then its own), with the files of {@link SLOWEST_FIRST} first in their project. */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const block = (spec: TestSpecification): string => `${spec.project.config.sequence.groupOrder}:${spec.project.name}`;
    const blockStart = new Map<string, number>();
    sorted.forEach((spec, index) => {
      if (!blockStart.has(block(spec))) blockStart.set(block(spec), index);
    });
    const rank = (spec: TestSpecification): number => {
      const at = SLOWEST_FIRST.indexOf(relative(spec.project.config.root, spec.moduleId).replaceAll('\\', '/'));
      return at < 0 ? SLOWEST_FIRST.length : at;
    };
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => (blockStart.get(block(a.spec)) ?? 0) - (blockStart.get(block(b.spec)) ?? 0) || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, maxWorkers: WORKERS, isolate: false } },
      { extends: true, test: { name: 'parallel', include: ['test/**/*.test.ts'], exclude: [...UNIT, ...ALONE, ...FRESH], globalSetup: PGLITE_TEMPLATE, maxWorkers: WORKERS, isolate: false } },
      { extends: true, test: { name: 'fresh', include: FRESH, maxWorkers: 1 } },
      { extends: true, test: { name: 'alone', include: ALONE, globalSetup: PGLITE_TEMPLATE, maxWorkers: 3, isolate: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
