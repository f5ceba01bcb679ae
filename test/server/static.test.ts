/** The pages the service serves (a fixed list of built files), and `charleston serve --demo`. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild, stopChild } from './child.js';
import { LiveClient, api, startNode, type Node } from './support.js';

describe('static pages', () => {
  let dist: string;
  let node: Node;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'charleston-dist-'));
    mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
    mkdirSync(join(dist, 'inspector'), { recursive: true });
    writeFileSync(join(dist, 'client', 'index.html'), '<!doctype html><title>client</title><script src="/assets/app.js"></script>');
    writeFileSync(join(dist, 'client', 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dist, 'inspector', 'index.html'), '<link rel="stylesheet" href="style.css" /><script type="module" src="main.js"></script>');
    writeFileSync(join(dist, 'inspector', 'main.js'), 'export {}');
    writeFileSync(join(dist, 'inspector', 'style.css'), 'body{}');
    writeFileSync(join(dist, 'inspector', 'secret.txt'), 'not served');
    node = await startNode({ location: { kind: 'pglite', dir: null }, distDir: dist });
  }, 60_000);
  afterAll(async () => {
    await node.close();
    rmSync(dist, { recursive: true, force: true });
  }, 60_000);

  it('serves the client at /, /t/:id and /solo with its assets, and the inspector at /inspect', async () => {
    for (const path of ['/', '/t/abc', '/solo']) {
      const response = await fetch(`${node.base}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('<title>client</title>');
    }
    const asset = await fetch(`${node.base}/assets/app.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const inspect = await (await fetch(`${node.base}/inspect`)).text();
    expect(inspect).toContain('href="/inspect/style.css"');
    expect(inspect).toContain('src="/inspect/main.js"');
    expect((await fetch(`${node.base}/inspect/main.js`)).status).toBe(200);
    expect((await fetch(`${node.base}/inspect/style.css`)).status).toBe(200);
    for (const path of ['/inspect/secret.txt', '/assets/..%2F..%2Fpackage.json', '/assets/nope.js', '/inspect/..%2Fclient%2Findex.html']) {
      const reply = await api(node.base, 'GET', path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.error.code).toBe('NOT_FOUND');
    }
  });
});

describe('charleston serve --demo', () => {
  it('prints the first line, the lobby and East’s address; East is a person and the three bots play', async () => {
    const child = await startChild('pglite:memory', ['--demo']);
    try {
      await child.waitLines(2);
      expect(child.lines[0]).toBe(`Lobby: ${child.base}/`);
      const match = /^Demo table \(you are East\): (http:\/\/127\.0\.0\.1:\d+)\/t\/([A-Za-z0-9_-]+)#([A-Za-z0-9_-]+)$/.exec(child.lines[1] ?? '');
      expect(match).not.toBeNull();
      const [, base, id, token] = match as RegExpExecArray;
      expect(base).toBe(child.base);
      const east = await LiveClient.connect(child.base, id as string, token as string);
      await east.until(() => east.latest?.view.waitingFor.length === 1 && east.latest?.view.waitingFor[0] === 'east');
      expect(east.latest?.view.packetOnTable).toEqual({ east: false, south: true, west: true, north: true });
      await east.close();
    } finally {
      expect(await stopChild(child)).toBe(0);
    }
  }, 60_000);
});
