// After `npm test`: one plain closing line from vitest's JSON report ("Tests: N passed, N failed").
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync('.tmp/vitest-results.json', 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
