/**
 * Cleanup when a test worker ends, for what a worker keeps across the files it runs (a `charleston serve` child).
 * Vitest ends a worker with SIGTERM (and SIGKILL half a second later); Node's default for SIGTERM is to die at once,
 * running no `exit` listener, so a SIGTERM listener runs the cleanups too, then ends the process unless another
 * listener (Playwright's, which closes its browsers first) will.
 */
const cleanups: (() => void)[] = [];
let installed = false;

function runAll(): void {
  for (const cleanup of cleanups.splice(0)) {
    try {
      cleanup();
    } catch {
      // The next one still runs.
    }
  }
}

function onTerm(): void {
  runAll();
  if (process.listeners('SIGTERM').every((listener) => listener === onTerm)) process.exit(143);
}

/** Runs `cleanup` (synchronous: a signal sent, a file removed) when this process exits or is told to. */
export function atWorkerExit(cleanup: () => void): void {
  cleanups.push(cleanup);
  if (installed) return;
  installed = true;
  process.once('exit', runAll);
  process.on('SIGTERM', onTerm);
}
