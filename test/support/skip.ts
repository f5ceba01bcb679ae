/**
 * Skips that say why. A suite that cannot run here (no PostgreSQL server named, no nginx, no PostgreSQL binaries)
 * carries the reason in its name, and the file prints it once, so a skipped test is never silent.
 */

/** The reason to skip when no PostgreSQL server is named. */
export const NO_PG = 'PostgreSQL server not set: CHARLESTON_TEST_PG';

/** The first reason whose condition holds, or null when nothing stops the suite. */
export function skipReason(conditions: ReadonlyArray<readonly [boolean, string]>): string | null {
  return conditions.find(([holds]) => holds)?.[1] ?? null;
}

const printed = new Set<string>();

/** A suite's title, with `(skipped: why)` when `why` is set; prints the reason once per reason and file. */
export function titled(title: string, why: string | null): string {
  if (why === null) return title;
  if (!printed.has(why)) {
    printed.add(why);
    console.warn(`skipped: ${why}`);
  }
  return `${title} (skipped: ${why})`;
}

/** The reason to skip for want of a PostgreSQL server, or null when `url` names one. */
export function pgReason(url: string | undefined): string | null {
  return skipReason([[url === undefined || url === '', NO_PG]]);
}
