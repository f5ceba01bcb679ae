/**
 * How the core's browser bundle is built wherever it is measured: `npm run bench` reports its size and
 * `test/embedding/core-imports.test.ts` holds it under its limit, both with these options (minified ESM for the
 * browser, with a metafile to tell the modules apart).
 */
import type { BuildOptions } from 'esbuild';

/** esbuild's options for a browser bundle of the core; add `entryPoints` or `stdin`. */
export const CORE_BUNDLE_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  metafile: true,
  logLevel: 'silent',
} as const satisfies BuildOptions;
