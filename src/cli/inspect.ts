/**
 * `charleston inspect [FILE | --seed N] [--port N] [--host H] [--seats …] [--autoplay]`: serves the live
 * inspector for a script or a bot table and prints the flow in the terminal; serves until stopped.
 * With no FILE, no --seed and no --seats it serves only the inspector, for your own apps
 * (`createBrowserInspector({ url })` in a browser, `createWebSocketInspector({ url: 'ws://HOST:PORT/inspect' })` in Node).
 */
import { readFileSync } from 'node:fs';
import { createCharleston, InputError, type Locale } from '../index.js';
import { parseScriptText } from '../entries/scripts.js';
import { scriptSetup } from '../inspector/adapters.js';
import { startInspectorServer, type InspectorServer, type InspectorServerOptions } from '../inspector/server.js';
import { formatAccepted, formatPhaseHeader, formatRacks, formatRefused } from './format.js';
import type { Io } from './io.js';
import { parseBotTable } from './play.js';

/** Arguments of the inspect command. */
export interface InspectArgs {
  file: string | undefined;
  seed: string | undefined;
  seats: string | undefined;
  port: string | undefined;
  host: string | undefined;
  autoplay: boolean;
  /** Language of the terminal trace; also opens the page in it (`?lang=`). */
  locale?: Locale;
}

/** Starts the inspector; resolves with the exit code once it is stopped (SIGINT / SIGTERM). */
export async function inspectCommand(args: InspectArgs, io: Io): Promise<number> {
  const locale = args.locale ?? 'en';
  const port = args.port === undefined ? 0 : Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`--port must be 0–65535, got ${JSON.stringify(args.port)}`);
    return 2;
  }
  let source;
  if (args.file === undefined && args.seed === undefined && args.seats === undefined) {
    if (args.autoplay) {
      io.err('--autoplay needs a table: give a script FILE or --seed');
      return 2;
    }
    source = undefined;
  } else if (args.file !== undefined) {
    if (args.seed !== undefined || args.seats !== undefined) {
      io.err('give a script FILE or --seed/--seats for a bot table, not both');
      return 2;
    }
    try {
      const script = parseScriptText(readFileSync(args.file, 'utf8'));
      createCharleston(scriptSetup(script)).stop(); // the script's setup must make a table
      source = { kind: 'script' as const, script, label: script.name ?? args.file };
    } catch (error) {
      io.err(`✗ ${args.file}: ${error instanceof InputError ? `invalid script: ${error.message}` : (error as Error).message}`);
      return 2;
    }
  } else {
    const table = parseBotTable(args.seed, args.seats);
    if (typeof table === 'string') {
      io.err(table);
      return 2;
    }
    source = { kind: 'bots' as const, ...table };
  }
  let lastPhase = '';
  const session: InspectorServerOptions['session'] =
    source === undefined
      ? undefined
      : {
          source,
          onApplied: (entry, service) => {
            io.out(`  #${entry.index} ${entry.ok ? formatAccepted(entry.event, entry.phase, locale) : formatRefused(entry.event, entry.refusal, locale)}`);
            if (service.phase !== lastPhase) {
              io.out(formatPhaseHeader(service.phase, service.context.hand, locale));
              formatRacks(service, locale).forEach((line) => io.out(line));
              lastPhase = service.phase;
            }
          },
        };
  let server: InspectorServer;
  try {
    server = await startInspectorServer({
      ...(args.host !== undefined ? { host: args.host } : {}),
      port,
      autoplay: args.autoplay,
      ...(session === undefined ? {} : { session }),
    });
  } catch (error) {
    io.err(`✗ cannot start the inspector: ${(error as Error).message}`);
    return 1;
  }
  io.out(`Charleston inspector: ${locale === 'en' ? server.url : `${server.url}?lang=${locale}`}`);
  io.out(`  Node apps: createWebSocketInspector({ url: '${server.inspectUrl}' }); browser apps: createBrowserInspector({ url: '${server.url}' })`);
  const live = server.session;
  if (live === null || source === undefined) {
    io.out('  no table: only your own apps are inspected; Ctrl-C stops');
  } else {
    lastPhase = live.service.phase;
    io.out(`  ${source.kind === 'script' ? `script ${source.label}` : `four bots, seed ${source.seed}`}; ${args.autoplay ? 'plays when a page connects' : 'use the page to play or step'}; Ctrl-C stops`);
    io.out(formatPhaseHeader(live.service.phase, 1, locale));
    formatRacks(live.service, locale).forEach((line) => io.out(line));
  }
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
