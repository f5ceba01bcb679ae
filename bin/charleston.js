#!/usr/bin/env node
// The `charleston` command: runs the compiled CLI (built by `npm ci` / `npm run build` into dist/).
import { main } from '../dist/src/cli/main.js';

// A closed pipe (`charleston run … | head`) ends the output quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2));
