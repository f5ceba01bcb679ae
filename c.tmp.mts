import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { CORE_BUNDLE_OPTIONS } from './bench/core-bundle.ts';
const result = await build({ ...CORE_BUNDLE_OPTIONS, stdin: { contents: "export * from './src/index.ts';", resolveDir: process.cwd(), loader: 'ts' } });
const code = result.outputFiles[0]!.contents;
console.log(gzipSync(code, { level: 9 }).byteLength, code.byteLength);
