/**
 * Builds the inspector page into dist/inspector/: esbuild bundles src/inspector/page/main.ts (browser, ESM,
 * minified, everything local: xstate and elkjs included, no CDN) to main.js, and index.html and style.css are
 * copied next to it. Usage: `tsx scripts/build-inspector.ts [outdir]`; tests import {@link buildInspector}.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PAGE = join(ROOT, 'src', 'inspector', 'page');
export const DEFAULT_OUTDIR = join(ROOT, 'dist', 'inspector');

export interface BuildInspectorOptions {
  outdir?: string;
  minify?: boolean;
}

/** Builds the page; returns the output directory. */
export async function buildInspector(options: BuildInspectorOptions = {}): Promise<string> {
  const outdir = options.outdir ?? DEFAULT_OUTDIR;
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: [join(PAGE, 'main.ts')],
    outfile: join(outdir, 'main.js'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: ['es2022'],
    minify: options.minify ?? true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  await copyFile(join(PAGE, 'index.html'), join(outdir, 'index.html'));
  await copyFile(join(PAGE, 'style.css'), join(outdir, 'style.css'));
  return outdir;
}

const invoked = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invoked) {
  const outdir = await buildInspector(process.argv[2] ? { outdir: resolve(process.argv[2]) } : {});
  console.log(`inspector page built in ${outdir}`);
}
