/**
 * Builds the player client into dist/client/: esbuild bundles src/client/main.tsx (browser, ESM, JSX automatic,
 * React, XState and the engine core included, no CDN) into assets/, copies index.html and the style sheet.
 * The inspector adapter is split into its own chunk, loaded only when a page asks for `?inspect`.
 * Usage: `tsx scripts/build-client.ts [outdir]`; tests import {@link buildClient}.
 */
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(ROOT, 'src', 'client');
/** Where `npm run build` puts the client (the service serves it from here). */
export const DEFAULT_CLIENT_OUTDIR = join(ROOT, 'dist', 'client');

/** Options of {@link buildClient}. */
export interface BuildClientOptions {
  outdir?: string;
  minify?: boolean;
}

/** Builds the client; returns the output directory (index.html, assets/main.js, assets/style.css). */
export async function buildClient(options: BuildClientOptions = {}): Promise<string> {
  const outdir = options.outdir ?? DEFAULT_CLIENT_OUTDIR;
  const assets = join(outdir, 'assets');
  await rm(assets, { recursive: true, force: true });
  await mkdir(assets, { recursive: true });
  await build({
    entryPoints: { main: join(SOURCE, 'main.tsx') },
    outdir: assets,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    platform: 'browser',
    format: 'esm',
    target: ['es2022'],
    jsx: 'automatic',
    minify: options.minify ?? true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  await copyFile(join(SOURCE, 'index.html'), join(outdir, 'index.html'));
  await copyFile(join(SOURCE, 'style.css'), join(assets, 'style.css'));
  return outdir;
}

const invoked = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invoked) {
  const outdir = await buildClient(process.argv[2] ? { outdir: resolve(process.argv[2]) } : {});
  console.log(`player client built in ${outdir}`);
}
