/**
 * Text the database cannot store (a NUL character, an unpaired surrogate) is refused at the service's door with
 * `400 INVALID_INPUT` (a live `error`), naming the field: never a 503 from the database, never two idempotency
 * keys stored as one, never a table in memory that differs from what was stored. A text frame that is not valid
 * UTF-8 is a malformed frame (1002).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnstorable, unstorableTextAt } from '../../src/server/text.js';
import { RawSocket, frame } from './raw.js';
import { LiveClient, api, createTable, moveFromView, startNode, type Created, type Node } from './support.js';

describe('unstorableTextAt', () => {
  it('finds a NUL or an unpaired surrogate anywhere, keys included, and names its path', () => {
    expect(unstorableTextAt({ event: { type: 'misdeal.declare', seat: 'east', reason: 'a\u0000b' } }, 'body')).toBe('body.event.reason');
    expect(unstorableTextAt({ event: { tiles: ['1B', '\ud800'] } }, 'body')).toBe('body.event.tiles[1]');
    expect(unstorableTextAt({ key: 'k\udc00' }, 'body')).toBe('body.key');
    expect(unstorableTextAt({ ['bad\u0000']: 1 }, 'body')).toBe('body: a field name');
    expect(unstorableTextAt('\udfff\ud800', 'key')).toBe('key');
  });

  it('passes storable text: surrogate pairs (emoji), other control characters, every other kind of value', () => {
    expect(unstorableTextAt({ names: { east: 'Ana 🀄', west: 'tab\there' }, n: 1, ok: true, none: null, list: [[], {}] }, 'body')).toBeNull();
    expect(isUnstorable('🀄🀅')).toBe(false);
    expect(isUnstorable('\u0001\u001f\u007f\ufffd')).toBe(false);
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(unstorableTextAt(deep, 'body')).toMatch(/^body(\[0\]){100000}$/);
  });
});

describe('text the database cannot store (pglite)', () => {
  let node: Node;
  let table: Created;
  beforeAll(async () => {
    node = await startNode({ location: { kind: 'pglite', dir: null }, live: { rate: { burst: 5000, perSecond: 5000 } } });
    table = await createTable(node.base, { seed: 31 });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  const events = (body: unknown, token = table.tokens.east as string) => api(node.base, 'POST', `/api/tables/${table.id}/events`, { token, body });
  const version = async (): Promise<number> => (await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.admin as string })).body.version as number;

  it('answers 400 INVALID_INPUT naming the field for a NUL in a key, a reason, a tile or a name; nothing changes', async () => {
    const before = await version();
    const cases: Array<[unknown, string]> = [
      [{ event: { type: 'pass.retract', seat: 'east' }, key: 'k\u0000' }, 'body.key'],
      [{ event: { type: 'misdeal.declare', seat: 'east', reason: 'dealt\u0000wrong' } }, 'body.event.reason'],
      [{ event: { type: 'misdeal.declare', seat: 'east', reason: 'dealt\u0000wrong' }, key: 'r1' }, 'body.event.reason'],
      [{ event: { type: 'pass.commit', seat: 'east', tiles: ['\u0000', '1B', '2B'] }, key: 't1' }, 'body.event.tiles[0]'],
      [{ event: { type: 'pass.commit', seat: 'ea\u0000st', tiles: ['1B', '2B', '3B'] }, key: 's1' }, 'body.event.seat'],
    ];
    for (const [body, field] of cases) {
      const reply = await events(body);
      expect(reply.status, field).toBe(400);
      expect(reply.body.error.code).toBe('INVALID_INPUT');
      expect(reply.body.error.message).toContain(field);
    }
    const created = await api(node.base, 'POST', '/api/tables', { body: { seed: 2, names: { east: 'Ana\u0000' } } });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toContain('body.names.east');
    const unknown = await api(node.base, 'GET', `/api/tables/${table.id}%00`, { token: table.tokens.admin as string });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('url.id');
    expect(await version()).toBe(before);
    expect((await api(node.base, 'GET', '/healthz')).status).toBe(200);
  });

  it('two keys that differ only in an unpaired surrogate are refused, not stored as one key', async () => {
    const view = (await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body.view;
    const commit = moveFromView(view);
    expect(commit?.type).toBe('pass.commit');
    const first = await events({ event: commit, key: 'k\ud800' });
    expect(first.status).toBe(400);
    const accepted = await events({ event: commit, key: 'plain-1' });
    expect(accepted.status).toBe(200);
    // Before the check, this retract under "k\udc00" came back as the stored result of "k\ud800" and did nothing.
    const collided = await events({ event: { type: 'pass.retract', seat: 'east' }, key: 'k\udc00' });
    expect(collided.status).toBe(400);
    const retracted = await events({ event: { type: 'pass.retract', seat: 'east' }, key: 'plain-2' });
    expect(retracted.status).toBe(200);
    expect(retracted.body.version).toBe(accepted.body.version + 1);
  });

  it('on the live socket: an error naming the field, the connection stays open; invalid UTF-8 closes with 1002', async () => {
    const client = await LiveClient.connect(node.base, table.id, table.tokens.south as string);
    const before = await version();
    const reply = await client.send({ type: 'misdeal.declare', seat: 'south', reason: 'x\u0000' });
    expect(reply).toMatchObject({ type: 'error', code: 'INVALID_INPUT' });
    expect(reply.message).toContain('event.reason');
    const keyed = await client.send({ type: 'pass.retract', seat: 'south' }, 'k\udbff');
    expect(keyed).toMatchObject({ type: 'error', code: 'INVALID_INPUT' });
    expect(keyed.message).toContain('key');
    expect(client.closeCode).toBeNull();
    expect(await version()).toBe(before);
    await client.close();

    const raw = new RawSocket(node.port);
    await raw.upgrade(`/api/tables/${table.id}/live`);
    raw.write(frame(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])));
    await raw.closed();
    expect(raw.closeCode()).toBe(1002);
  });
});
