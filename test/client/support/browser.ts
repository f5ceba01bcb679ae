/**
 * The headless Chromium of the browser tests, launched as the house does it. Debian's `chromium-headless-shell`
 * (the same Chromium build in its lean headless mode, which is also what Playwright runs for headless tests) when it
 * is installed: a browser context there costs a fraction of the CPU of one in the full browser's headless mode, and
 * the suite opens hundreds. Otherwise, and for the files that ask for it, the full browser at /usr/bin/chromium.
 * CHARLESTON_TEST_CHROMIUM names another executable.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's full Chromium. */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/** Debian's headless shell (package `chromium-headless-shell`). */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The executable a test file drives: the headless shell when installed, unless `full` is asked for. */
export function chromiumPath(full = false): string {
  const chosen = process.env.CHARLESTON_TEST_CHROMIUM ?? '';
  if (chosen !== '') return chosen;
  return !full && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}

/** Launches Chromium (the headless shell unless `full`), with `extraArgs` after the house's. */
export function launchChromium(options: { full?: boolean; extraArgs?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(options.full),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...(options.extraArgs ?? [])],
  });
}

/** The phone viewport of the tests (an iPhone 12-14 size). */
export const PHONE = { width: 390, height: 844 } as const;
/** The desktop viewport of the tests. */
export const DESKTOP = { width: 1280, height: 860 } as const;
