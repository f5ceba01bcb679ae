/**
 * The headless Chromium of the browser tests, launched as the house does it. Debian's `chromium-headless-shell`
 * (the same Chromium build in its lean headless mode, which is also what Playwright runs for headless tests) when it
 * is installed: a browser context there costs a fraction of the CPU of one in the full browser's headless mode, and
 * the suite opens hundreds. Otherwise, and for the files that ask for it, the full browser at /usr/bin/chromium.
 * CHARLESTON_TEST_CHROMIUM names another executable.
 *
 * A test worker keeps one browser per executable and arguments for every file it runs (the projects run their files
 * in one module graph per worker): a file gets a lease of it, whose contexts and pages are its own, and whose
 * `close()` closes those and leaves the browser to the next file. Each file still gets its own cookies and storage
 * (a context per page). A browser that died is launched again for the next lease; one left at the worker's end exits
 * with it (Playwright closes what it launched, and Chromium ends when its pipe closes).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

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

/** The browsers this worker launched, by executable and arguments. */
const launched = new Map<string, Promise<Browser>>();

/** Launches Chromium (the headless shell unless `full`), with `extraArgs` after the house's: a browser of its own. */
function launchOwnChromium(options: { full?: boolean; extraArgs?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(options.full),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...(options.extraArgs ?? [])],
  });
}

/**
 * A lease of the worker's Chromium (the headless shell unless `full`, with `extraArgs` after the house's), launched
 * on first use: a `Browser` whose contexts and pages are the lease's own, and whose `close()` closes them and leaves
 * the browser running for the next file.
 */
export async function launchChromium(options: { full?: boolean; extraArgs?: readonly string[] } = {}): Promise<Browser> {
  const key = JSON.stringify([chromiumPath(options.full), options.extraArgs ?? []]);
  let browser = await (launched.get(key) ?? Promise.reject(new Error('not launched'))).catch(() => null);
  if (browser === null || !browser.isConnected()) {
    const starting = launchOwnChromium(options);
    launched.set(key, starting);
    starting.catch(() => launched.delete(key));
    browser = await starting;
  }
  return lease(browser);
}

/** A view of `browser` that keeps the contexts made through it and closes only those. */
function lease(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>();
  const keep = (context: BrowserContext): BrowserContext => {
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, property, receiver) {
      if (property === 'newContext') return async (...args: Parameters<Browser['newContext']>) => keep(await target.newContext(...args));
      if (property === 'newPage') {
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          keep(page.context());
          return page;
        };
      }
      if (property === 'contexts') return () => [...contexts];
      if (property === 'close') return async () => void (await Promise.all([...contexts].map((context) => context.close().catch(() => undefined))));
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The phone viewport of the tests (an iPhone 12-14 size). */
export const PHONE = { width: 390, height: 844 } as const;
/** The desktop viewport of the tests. */
export const DESKTOP = { width: 1280, height: 860 } as const;
