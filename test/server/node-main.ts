/** A service node as a child process for the crash tests: `node --import tsx test/server/node-main.ts ARGS`. */
import { serveCommand } from '../../src/cli/serve.js';

const code = await serveCommand(process.argv.slice(2), { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) });
process.exit(code);
