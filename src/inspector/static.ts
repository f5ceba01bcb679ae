/**
 * The built page's files, read once at start: `index.html`, `main.js` and `style.css` from `dist/inspector/`.
 * The page is served at `/` and at `/inspect` (where the table service serves it too); its HTML names its files
 * relatively (`main.js`), which resolves to `/main.js` from either address, and `/inspect/main.js` is served
 * as well (the address the table service rewrites them to).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file to serve. */
export interface PageFile {
  type: string;
  body: Buffer;
}

/** The built page's folder: dist/inspector beside the compiled code, or of the checkout when run from source. */
export function defaultStaticDir(): string {
  const candidates = [new URL('../../inspector/', import.meta.url), new URL('../../dist/inspector/', import.meta.url)];
  const found = candidates.find((candidate) => existsSync(new URL('index.html', candidate)));
  if (!found) throw new Error('the inspector page is not built: run `npm run build`');
  return fileURLToPath(found);
}

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** URL path → file, for the page in `dir`. Throws when a file is missing. */
export function pageFiles(dir: string): Map<string, PageFile> {
  const load = (name: string): PageFile => ({ type: TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream', body: readFileSync(join(dir, name)) });
  const html = load('index.html');
  const js = load('main.js');
  const css = load('style.css');
  return new Map([
    ['/', html],
    ['/index.html', html],
    ['/inspect', html],
    ['/main.js', js],
    ['/style.css', css],
    ['/inspect/main.js', js],
    ['/inspect/style.css', css],
  ]);
}
