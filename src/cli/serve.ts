/**
 * `charleston serve [--host H] [--port N] [--db URL] [--allow-origin ORIGIN]... [--demo]`: the table service.
 * The first line on stdout is `Charleston service: http://HOST:PORT/`, printed once it accepts connections.
 * SIGTERM or Ctrl-C stops accepting, finishes what is in flight, closes the database and exits 0.
 * `--demo` also creates a table with a person at East and three teacher bots and prints East's address and the
 * inspector's link to follow it with the table's spectator token (never the admin token).
 */
import { parseArgs } from 'node:util';
import { createService } from '../server/app.js';
import { parseDbLocation } from '../server/storage/db.js';

/** Output sinks (as the CLI's). */
export interface ServeIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `usage: charleston serve [--host H] [--port N] [--db URL] [--allow-origin ORIGIN]... [--demo]

  --host H            address to listen on (default 127.0.0.1)
  --port N            port (default 8080; 0 = any free port)
  --db URL            pglite:PATH, pglite:memory or postgres://… (default: env CHARLESTON_DB, else
                      an embedded database in ./.charleston/db)
  --allow-origin O    a browser origin allowed to call the API (repeatable)
  --demo              create a table (you at East, three teacher bots) and print its address`;

/** Runs the service until a signal; resolves with the exit code. */
export async function serveCommand(argv: readonly string[], io: ServeIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8080' },
        db: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        demo: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65_535) {
    io.err(`--port must be an integer 0 … 65535, got ${JSON.stringify(values.port)}\n${USAGE}`);
    return 2;
  }
  for (const origin of values['allow-origin'] ?? []) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      io.err(`--allow-origin must be an origin like http://localhost:5173 (no path), got ${JSON.stringify(origin)}`);
      return 2;
    }
  }
  let location;
  try {
    location = parseDbLocation(values.db ?? process.env.CHARLESTON_DB);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  let service;
  try {
    service = await createService({ location, allowOrigins: values['allow-origin'] ?? [] });
    await service.app.listen({ host: values.host, port });
  } catch (error) {
    io.err(`charleston serve: cannot start (${(error as Error).message})`);
    await service?.close().catch(() => undefined);
    return 1;
  }
  const address = service.app.server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const host = values.host.includes(':') ? `[${values.host}]` : values.host;
  const base = `http://${host}:${actualPort}/`;
  io.out(`Charleston service: ${base}`);
  if (values.demo) {
    const created = await service.tables.create({}, 'en', { east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' });
    io.out(`Lobby: ${base}`);
    io.out(`Demo table (you are East): ${base}t/${created.id}#${created.tokens.east ?? ''}`);
    // The inspector follows the demo table with its spectator token: the public view, no rack, no log, no admin.
    io.out(`Inspector (the demo table, as a spectator): ${base}inspect#table=${created.id}&token=${created.tokens.spectator ?? ''}&role=spectator`);
  }
  const running = service;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      io.err(`charleston serve: ${signal}, finishing in-flight work`);
      running.close().then(
        () => resolve(0),
        (error: unknown) => {
          io.err(`charleston serve: error while closing (${(error as Error).message})`);
          resolve(1);
        },
      );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
