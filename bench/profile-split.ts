/**
 * Splits a CPU profile of `bench/profile.ts paired` by subject: the time under each of `subjectEngine`,
 * `subjectPure` and `subjectFloor`, and, function by function, the engine's self time against the floor's (largest
 * differences first). The engine and the floor run XState's same steps (test/unit/floor-machine.test.ts), so a
 * function of XState that costs the engine more shows what the engine's data does to the framework's own work.
 *
 *   npx esbuild bench/profile.ts --bundle --platform=node --format=esm --outfile=/tmp/p.mjs
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof-paired /tmp/p.mjs paired 20
 *   npx tsx bench/profile-split.ts /tmp/prof-paired/*.cpuprofile [rows]
 *
 * Samples outside the three subjects (the garbage collector, the loop itself) are reported as `other`.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const SUBJECTS = ['subjectEngine', 'subjectPure', 'subjectFloor'] as const;
type Subject = (typeof SUBJECTS)[number] | 'other';

const [file, rowsArgument] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: tsx bench/profile-split.ts <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArgument ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** Microseconds of self time per node. */
const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

/** The subject a node runs under: the nearest subject function on its stack. */
const subjectCache = new Map<number, Subject>();
function subjectOf(id: number): Subject {
  const known = subjectCache.get(id);
  if (known !== undefined) return known;
  const name = byId.get(id)?.callFrame.functionName ?? '';
  const parent = parentOf.get(id);
  const subject: Subject = (SUBJECTS as readonly string[]).includes(name) ? (name as Subject) : parent === undefined ? 'other' : subjectOf(parent);
  subjectCache.set(id, subject);
  return subject;
}

const totals = new Map<Subject, number>();
const perFunction = new Map<string, Map<Subject, number>>();
for (const node of profile.nodes) {
  const time = selfTime.get(node.id) ?? 0;
  if (time === 0) continue;
  const subject = subjectOf(node.id);
  totals.set(subject, (totals.get(subject) ?? 0) + time);
  const key = `${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber + 1}`;
  const row = perFunction.get(key) ?? new Map<Subject, number>();
  row.set(subject, (row.get(subject) ?? 0) + time);
  perFunction.set(key, row);
}

const ms = (micros: number): string => (micros / 1000).toFixed(0).padStart(7);
const engine = totals.get('subjectEngine') ?? 0;
const floor = totals.get('subjectFloor') ?? 0;
console.log(`time by subject (ms): engine ${ms(engine)}  pure ${ms(totals.get('subjectPure') ?? 0)}  floor ${ms(floor)}  other ${ms(totals.get('other') ?? 0)}`);
console.log(`engine ÷ floor (profiled, collector left out): ${(engine / floor).toFixed(3)}`);
console.log(`\n${'function:line'.padEnd(48)} engine   floor    diff   (ms of self time)`);
const differences = [...perFunction].map(([key, row]) => ({ key, engine: row.get('subjectEngine') ?? 0, floor: row.get('subjectFloor') ?? 0 }));
differences.sort((a, b) => Math.abs(b.engine - b.floor) - Math.abs(a.engine - a.floor));
for (const { key, engine: e, floor: f } of differences.slice(0, rows)) console.log(`${key.slice(0, 47).padEnd(48)}${ms(e)} ${ms(f)} ${ms(e - f)}`);
