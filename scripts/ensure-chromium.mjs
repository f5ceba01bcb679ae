// Before the tests: the browser end-to-end tests drive Debian's Chromium: its headless shell
// (/usr/lib/chromium/chromium-headless-shell, package chromium-headless-shell) for most files and the full browser
// (/usr/bin/chromium, package chromium) for the files that ask for it. Installs what is missing with apt-get when
// we are root (as on a fresh machine and in CI).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = [
  { path: '/usr/bin/chromium', name: 'chromium' },
  { path: '/usr/lib/chromium/chromium-headless-shell', name: 'chromium-headless-shell' },
];
const missing = PACKAGES.filter((item) => !existsSync(item.path));
if (missing.length > 0) {
  const names = missing.map((item) => item.name).join(' ');
  if (process.getuid?.() !== 0) {
    console.error(`${missing.map((item) => item.path).join(' and ')} missing: install Debian's ${names} (apt-get install -y ${names}) for the browser tests`);
    process.exit(1);
  }
  console.log(`installing Debian ${names} for the browser tests …`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`, { stdio: 'inherit' });
}
