// Before the tests: the browser end-to-end tests drive Debian's Chromium at /usr/bin/chromium.
// Installs it with apt-get when it is missing and we are root (as on a fresh machine and in CI).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) for the browser tests`);
    process.exit(1);
  }
  console.log('installing Debian chromium for the browser tests …');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}
