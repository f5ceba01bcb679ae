/**
 * Every scenario in test/scenarios/ (and the bundled example) runs through the same runner as the CLI, with
 * the table invariants checked after every step.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScriptText } from '../src/script/script.js';
import { runWithInvariants } from './support/invariants.js';

const dir = join(import.meta.dirname, 'scenarios');
const files = [
  ...readdirSync(dir).filter((file) => file.endsWith('.json')).map((file) => join(dir, file)),
  join(import.meta.dirname, '..', 'examples', 'full-charleston.json'),
];

describe('scenario scripts', () => {
  it('has scenarios to run', () => {
    expect(files.length).toBeGreaterThan(1);
  });
  for (const file of files) {
    it(file.slice(file.lastIndexOf('/') + 1), () => {
      const script = parseScriptText(readFileSync(file, 'utf8'));
      const { result, violations } = runWithInvariants(script);
      const failures = result.steps.flatMap((step) => step.failures.map((failure) => ({ step: step.index, ...failure })));
      expect(failures).toEqual([]);
      expect(violations).toEqual([]);
    });
  }
});
