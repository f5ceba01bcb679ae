/** The card entry (`charleston-engine/card`) bundles for the browser: no `node:` module, no package at all. */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('charleston-engine/card', () => {
  it('is browser-safe and small', async () => {
    const result = await build({ entryPoints: ['src/entries/card.ts'], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, minify: true, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((file) => file.startsWith('node:') || file.includes('node_modules/'))).toEqual([]);
    expect(inputs).toContain('src/card/match.ts');
    expect(result.outputFiles[0]?.contents.byteLength).toBeLessThan(16 * 1024);
  });
});
