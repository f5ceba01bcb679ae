/**
 * The core entry point is browser-safe: bundled for the browser it pulls in no `node:` module, nothing of the
 * CLI or the inspector, and no package but xstate. It carries only the core: the bots, the scripts, the card,
 * `restore`'s validation and the wings' message tools stay behind their own entries, and the bundle (as `npm run bench`
 * measures it: minified, gzip level 9) stays within 30 KB.
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CORE_BUNDLE_OPTIONS } from '../../bench/core-bundle.js';

/** What of the non-core parts a browser bundle of `contents` (an entry's source) carries, and its gzip size. */
async function coreBundle(contents: string): Promise<{ strays: string[]; gzipBytes: number }> {
  const result = await build({ ...CORE_BUNDLE_OPTIONS, stdin: { contents, resolveDir: '.', loader: 'ts' } });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const text = new TextDecoder().decode(code);
  // The modules with code in the output (the metafile's inputs also list modules whose code was all shaken off).
  const inOutput = Object.values(result.metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, info]) => info.bytesInOutput > 0).map(([file]) => file));
  const strays = inOutput.filter((file) => /src\/(script|bots|card)\//.test(file));
  // restore's reader: the message of its first check, found in no other module.
  if (text.includes('not a persisted table')) strays.push('restore (src/persist.ts)');
  return { strays, gzipBytes: gzipSync(code, { level: 9 }).byteLength };
}

describe('the core entry point', () => {
  it('carries only the core, within 30 KB gzip with xstate', async () => {
    const core = await coreBundle("export * from './src/index.ts';");
    expect(core.strays).toEqual([]);
    expect(core.gzipBytes).toBeLessThanOrEqual(30 * 1024);
  });

  it('would see the bots, the scripts and restore in the core (counter-test)', async () => {
    const all = await coreBundle(
      ['index', 'entries/bots', 'entries/scripts', 'entries/persist', 'entries/card'].map((entry) => `export * from './src/${entry}.ts';`).join('\n'),
    );
    expect(all.strays).toEqual(expect.arrayContaining(['src/bots/teacher.ts', 'src/script/script.ts', 'src/card/match.ts', 'restore (src/persist.ts)']));
    expect(all.gzipBytes).toBeGreaterThan(30 * 1024);
  });

  it('bundles for the browser with only xstate beside our own core files', async () => {
    const result = await build({
      entryPoints: ['src/index.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((file) => file.startsWith('node:'))).toEqual([]);
    expect(inputs.filter((file) => /src\/(cli|inspector)\//.test(file))).toEqual([]);
    const packages = new Set(inputs.filter((file) => file.includes('node_modules/')).map((file) => file.split('node_modules/')[1]?.split('/')[0]));
    expect([...packages]).toEqual(['xstate']);
    expect(inputs).toContain('machines/charleston.machine.ts');
    // English is the only catalog in the core; ca, sw and el come with `charleston-engine/locales`.
    expect(inputs).toContain('src/i18n/en.ts');
    expect(inputs.filter((file) => /src\/i18n\/(ca|sw|el)\.ts$/.test(file))).toEqual([]);
  });

  it('would fail on a Node-only import (the check can fail)', async () => {
    await expect(
      build({
        stdin: { contents: "import { readFileSync } from 'node:fs'; export const x = readFileSync;", resolveDir: '.' },
        bundle: true,
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      }),
    ).rejects.toThrow(/node:fs/);
  });
});
