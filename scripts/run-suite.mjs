// `npm test`: the build, the typecheck and the whole suite, as two vitest runs side by side, from the same
// vitest.config.ts.
//
// - `npm run build` first (dist/, which the tests' service children, browser pages and packaging need), and
//   `npm run typecheck` (the whole tree) beside it. The typecheck writes nothing the tests read, so the tests start
//   as soon as the build is done and the typecheck finishes beside them (it took about 10 s longer than the build);
//   a failed typecheck still fails `npm test`. A failed build stops everything.
// - the main run: projects `unit`, `parallel` and `fresh` (two files at a time: on two cores those files are bound
//   by CPU, Chromium's and the services' they start);
// - the `alone` run: the files that start PostgreSQL clusters of their own, kill nodes mid-commit, or fail a
//   primary over (three at a time). They mostly wait: on a monitor's timeouts, a restart, a killed node.
//
// One vitest process runs its groups one after the other, so the `alone` files used to run after all the others,
// for about 90 s in which half the CPU was idle. Here they run while the main run does. Each run's lines are
// passed on whole as they come (the `alone` run's prefixed with "[alone] "); the two JSON reports are merged into
// .tmp/vitest-results.json (what `posttest` reads). Exits 0 only when the build, the typecheck and both runs passed.
// (`npx vitest run` still runs everything in one process, the `alone` files last.)
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/**
 * The runs' environment: glibc's malloc asks for transparent huge pages for its large blocks (`glibc.malloc.hugetlb=1`,
 * glibc 2.35 and later; older ones ignore it), which the kernel here grants only to memory that asks (`madvise`).
 * The suite's Node processes map a lot of fresh memory (each in-memory PGlite cluster: its WebAssembly memory and
 * the template's copies), and in a virtual machine every 4 kB page fault is dear: a `charleston serve` child took
 * half the faults and about 15 % less CPU to start (2.06 → 1.74 s). The product's code and flags are unchanged;
 * Chromium allocates with its own allocator and is not touched.
 */
const ENV = { ...process.env, GLIBC_TUNABLES: [process.env.GLIBC_TUNABLES, 'glibc.malloc.hugetlb=1'].filter(Boolean).join(':') };
const REPORTS = '.tmp';

/** The runs: their projects, their JSON report, the prefix of their lines. */
const RUNS = [
  { projects: ['unit', 'parallel', 'fresh'], report: `${REPORTS}/vitest-main.json`, prefix: '' },
  { projects: ['alone'], report: `${REPORTS}/vitest-alone.json`, prefix: '[alone] ' },
];

/** The running commands (npm scripts, vitest runs), told when this one is told to stop. */
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

/**
 * Runs `command args`; resolves with its exit code once it has ended and its output is passed on. With a `prefix`
 * (even an empty one) its output is passed on line by line, each line whole and prefixed, so two commands' output
 * never mixes inside a line; without one it writes to this process's streams directly.
 */
function runCommand(command, args, { prefix, env = process.env } = {}) {
  return new Promise((resolve) => {
    const lines = prefix !== undefined;
    const child = spawn(command, args, { stdio: lines ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    children.add(child);
    let open = lines ? 2 : 0;
    let code = null;
    const done = () => {
      if (open === 0 && code !== null) resolve(code);
    };
    if (lines) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix}${line}\n`)).on('close', () => {
          open -= 1;
          done();
        });
      }
    }
    child.on('error', (error) => {
      console.error(`${command} ${args.join(' ')}: ${error.message}`);
      children.delete(child);
      code = 1;
      open = 0;
      done();
    });
    child.on('exit', (exitCode, signal) => {
      children.delete(child);
      code = exitCode ?? (signal === null ? 0 : 1);
      done();
    });
  });
}

/** One vitest run of `projects`, its JSON report written to `report`. */
function run({ projects, report, prefix }) {
  const args = [VITEST, 'run', ...projects.flatMap((name) => ['--project', name]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return runCommand(process.execPath, args, { prefix, env: ENV });
}

/** The two JSON reports as one (counts summed, files joined); a missing report counts as a failed run. */
function merge(reports) {
  const merged = { numTotalTestSuites: 0, numPassedTestSuites: 0, numFailedTestSuites: 0, numPendingTestSuites: 0, numTotalTests: 0, numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, startTime: Infinity, success: true, testResults: [] };
  for (const path of reports) {
    let report;
    try {
      report = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      console.error(`no report from one run (${path}): ${error.message}`);
      merged.success = false;
      continue;
    }
    for (const key of Object.keys(merged)) {
      if (key.startsWith('num')) merged[key] += report[key] ?? 0;
    }
    merged.startTime = Math.min(merged.startTime, report.startTime ?? Infinity);
    merged.success &&= report.success === true;
    merged.testResults.push(...(report.testResults ?? []));
  }
  if (merged.startTime === Infinity) merged.startTime = Date.now();
  return merged;
}

/** Runs `npm run SCRIPT`, its output shown as it comes; resolves with its exit code. */
const npmRun = (script) => runCommand('npm', ['run', script]);

const typecheck = npmRun('typecheck');
const built = await npmRun('build');
if (built !== 0) {
  await typecheck;
  process.exit(built);
}
mkdirSync(REPORTS, { recursive: true });
for (const { report } of RUNS) rmSync(report, { force: true });
const codes = await Promise.all([...RUNS.map(run), typecheck]);
const merged = merge(RUNS.map(({ report }) => report));
writeFileSync(`${REPORTS}/vitest-results.json`, JSON.stringify(merged));
if (codes.at(-1) !== 0) console.error('npm run typecheck failed (above)');
process.exit(codes.find((code) => code !== 0) ?? (merged.success ? 0 : 1));
