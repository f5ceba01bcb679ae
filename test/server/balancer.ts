/**
 * nginx (Debian's package) as a load balancer in front of child-process nodes, for the tests: the config is
 * docs/deploy/nginx.conf (the documented one) with its placeholders filled in, in a temporary prefix folder, and
 * nginx runs in the foreground as a child process. The tests add one line: a response header naming the node
 * that served each request (`$upstream_addr`), so that a test can see where round robin sent each socket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where Debian's package puts nginx. */
export const NGINX = '/usr/sbin/nginx';

/** The documented config, with placeholders. */
export const TEMPLATE = fileURLToPath(new URL('../../docs/deploy/nginx.conf', import.meta.url));

/** The response header the tests add: which node (HOST:PORT) served a request. */
export const NODE_HEADER = 'x-charleston-node';

/**
 * Fills in docs/deploy/nginx.conf: `__PREFIX__`, `__LISTEN__`, and the line holding `__NODE__` once per node
 * (scripts/deploy-local.sh does the same with awk).
 */
export function renderConfig(template: string, values: { prefix: string; listen: string; nodes: readonly string[] }): string {
  return template
    .split('\n')
    .flatMap((line) => (line.includes('__NODE__') ? values.nodes.map((node) => line.replace('__NODE__', node)) : [line.replaceAll('__PREFIX__', values.prefix).replaceAll('__LISTEN__', values.listen)]))
    .join('\n');
}

/** A free TCP port on 127.0.0.1 (free when asked; nginx may lose a race for it, then `startNginx` tries again). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

/** Rejects after `millis` unless `promise` settled first. */
export async function within<T>(promise: Promise<T>, millis: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${millis} ms`)), millis);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A running nginx. */
export interface Balancer {
  /** `http://127.0.0.1:PORT` */
  base: string;
  prefix: string;
  process: ChildProcess;
  /** nginx's error log so far. */
  errors(): string;
  /** nginx's access log so far. */
  access(): string;
  /** Fast shutdown (SIGTERM), bounded; removes the prefix folder. */
  stop(): Promise<void>;
}

/** Resolves once `GET base/healthz` answers 200 (retried on each refusal, at most `millis`), or rejects. */
async function healthy(base: string, child: ChildProcess, millis: number): Promise<void> {
  const deadline = Date.now() + millis;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx at ${base} did not answer /healthz within ${millis} ms`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Starts nginx in front of `nodes` (HOST:PORT each) on a free 127.0.0.1 port. */
export async function startNginx(nodes: readonly string[], nginx = NGINX): Promise<Balancer> {
  if (!existsSync(nginx)) throw new Error(`${nginx} is missing: install Debian's nginx package (.ci/run does)`);
  const prefix = mkdtempSync(join(tmpdir(), 'charleston-nginx-'));
  // Started as root, nginx runs its workers as nobody: they must reach the temporary folders inside the prefix.
  chmodSync(prefix, 0o755);
  const template = readFileSync(TEMPLATE, 'utf8');
  let lastError: Error | null = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const config = renderConfig(template, { prefix, listen: `127.0.0.1:${port}`, nodes }).replace(
      /^(\s*)proxy_pass http:\/\/charleston;$/m,
      `$1proxy_pass http://charleston;\n$1add_header X-Charleston-Node $upstream_addr always;`,
    );
    if (!config.includes('X-Charleston-Node')) throw new Error('docs/deploy/nginx.conf has no `proxy_pass http://charleston;` line');
    const file = join(prefix, 'nginx.conf');
    writeFileSync(file, config);
    const child = spawn(nginx, ['-p', prefix, '-c', file, '-e', 'stderr', '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const stderr: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const read = (name: string): string => (existsSync(join(prefix, name)) ? readFileSync(join(prefix, name), 'utf8') : '');
    try {
      await healthy(base, child, 10_000);
    } catch (error) {
      lastError = new Error(`${(error as Error).message}\n${stderr.join('')}${read('error.log')}`);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
      continue;
    }
    return {
      base,
      prefix,
      process: child,
      errors: () => stderr.join('') + read('error.log'),
      access: () => read('access.log'),
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = once(child, 'exit');
          child.kill('SIGTERM');
          try {
            await within(exited, 10_000, 'nginx stops on SIGTERM');
          } catch {
            child.kill('SIGKILL');
            await exited;
          }
        }
        rmSync(prefix, { recursive: true, force: true });
      },
    };
  }
  rmSync(prefix, { recursive: true, force: true });
  throw lastError ?? new Error('nginx did not start');
}
