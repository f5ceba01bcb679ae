/** One headless Debian Chromium for the client's tests, launched as the house does it. */
import { chromium, type Browser } from 'playwright-core';

/** Launches Chromium. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** The phone viewport of the tests (an iPhone 12-14 size). */
export const PHONE = { width: 390, height: 844 } as const;
/** The desktop viewport of the tests. */
export const DESKTOP = { width: 1280, height: 860 } as const;
