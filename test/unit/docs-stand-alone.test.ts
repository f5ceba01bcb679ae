/**
 * The docs stand alone: no doc, README, source or test comment cites a file outside the repository (the
 * specifications the project was written from are not shipped): no path into the shared folder beside the repo, no
 * numbered section of a contract, no hooks file of the client's spec (see `OUTSIDE`). Say it in the project's own
 * words, or point to a doc of the repo.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const FOLDERS = ['docs', 'src', 'machines', 'scripts', 'bench', 'examples', 'test', 'bin'];
const TEXT = /\.(md|ts|tsx|js|mjs|json|css|html|sh|conf)$/;
/** What a citation of a file outside the repo looks like (built so this file does not match itself). */
const OUTSIDE = [['..', '/shared'].join(''), ['contract', ' §'].join(''), ['client-hooks', '.md'].join('')];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(path).isDirectory() ? files(path) : TEXT.test(name) ? [path] : [];
  });
}

/** Every line of `paths` that cites a file outside the repo, as `path:line: text`. */
function citations(paths: readonly string[]): string[] {
  return paths.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, index) => (OUTSIDE.some((needle) => line.includes(needle)) ? [`${path.startsWith(ROOT) ? path.slice(ROOT.length) : path}:${index + 1}: ${line.trim().slice(0, 120)}`] : [])),
  );
}

describe('the docs stand alone', () => {
  it('no doc, README, source or test cites a file outside the repo', () => {
    const paths = [join(ROOT, 'README.md'), ...FOLDERS.flatMap((folder) => files(join(ROOT, folder)))];
    expect(paths.length).toBeGreaterThan(300);
    expect(citations(paths)).toEqual([]);
  });

  it('would catch each kind of citation (counter-test)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'charleston-docs-'));
    try {
      const paths = OUTSIDE.map((needle, index) => {
        const path = join(dir, `note-${index}.md`);
        writeFileSync(path, `A line.\nSee ${needle}2 for the details.\n`);
        return path;
      });
      expect(citations(paths).map((line) => line.replace(/^.*:(\d+): .*$/, '$1'))).toEqual(['2', '2', '2']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
