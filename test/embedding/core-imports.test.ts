/**
 * The core entry point is browser-safe: bundled for the browser it pulls in no `node:` module, nothing of the
 * CLI or the inspector, and no package but xstate.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the core entry point', () => {
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
