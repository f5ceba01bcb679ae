/**
 * `node --import tsx bench/paced-only.ts URL [tables] [seconds]`: only the paced run of `bench:service` against a
 * node already serving at URL (seats think 2.5–7.5 s); prints p50/p90/p99 and the p99 of each fifth of the run.
 */
import { runOurs } from './service-clients.js';

const [base, tablesText = '1000', secondsText = '20'] = process.argv.slice(2);
if (base === undefined) throw new Error('usage: paced-only.ts URL [tables] [seconds]');
const run = await runOurs(base, Number(tablesText), Number(secondsText) * 1_000, { thinkMs: 5_000 });
const pct = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(2));
};
const fifth = Math.ceil(run.latencies.length / 5);
const parts = Array.from({ length: 5 }, (_, i) => pct(run.latencies.slice(i * fifth, (i + 1) * fifth), 99));
console.log(JSON.stringify({ events: run.events, eventsPerSecond: Math.round(run.eventsPerSecond), p50: pct(run.latencies, 50), p90: pct(run.latencies, 90), p99: pct(run.latencies, 99), p99ByFifth: parts }));
process.exit(0);
