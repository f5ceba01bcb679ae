// The first step of `npm test`: `npm run build` (dist/, which the tests' service children and packaging need) and
// `npm run typecheck` (the whole tree) side by side, since neither reads what the other writes; on two cores that
// takes the longer of the two instead of their sum. Exits with the first failure's code, after both have ended.
import { spawn } from 'node:child_process';

/** Runs `npm run SCRIPT`, its output shown as it comes; resolves with its exit code. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`npm run ${script}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 0 : 1)));
  });
}

const codes = await Promise.all([run('build'), run('typecheck')]);
process.exit(codes.find((code) => code !== 0) ?? 0);
