#!/usr/bin/env node
// The `charleston` command: runs the compiled CLI in dist/ (built by `npm run build`, and before `npm pack`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('charleston: the compiled CLI is missing (no dist/ beside bin/): run npm run build\n');
  process.exit(2);
}
const { main } = await import(entry.href);

// A closed pipe (`charleston run … | head`) ends the output quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2));
