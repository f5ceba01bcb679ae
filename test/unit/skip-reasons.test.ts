/** The suite's skips say why: the reason is the first condition that holds, and it goes into the suite's title. */
import { describe, expect, it } from 'vitest';
import { NO_PG, pgReason, skipReason, titled } from '../support/skip.js';

describe('skip reasons', () => {
  it('the first condition that holds names the reason; none holding means the suite runs', () => {
    expect(skipReason([[false, 'a'], [true, 'b'], [true, 'c']])).toBe('b');
    expect(skipReason([[false, 'a']])).toBeNull();
    expect(pgReason(undefined)).toBe(NO_PG);
    expect(pgReason('')).toBe(NO_PG);
    expect(pgReason('postgres://127.0.0.1/x')).toBeNull();
  });

  it('a skipped suite carries its reason in its title; a running one keeps its title', () => {
    expect(titled('two nodes', null)).toBe('two nodes');
    expect(titled('two nodes', NO_PG)).toBe('two nodes (skipped: PostgreSQL server not set: CHARLESTON_TEST_PG)');
  });
});
