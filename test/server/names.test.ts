/**
 * Display names must show something and differ at one table. The pure check, table-driven: every class of
 * character that shows nothing on its own is refused when a name holds nothing else, names in any script and
 * emoji are kept; names are compared after NFKC and lower case. Then the service: a second "Ana" at creation is
 * refused naming its field (`names.south`), and so is taking another person's name with `PUT …/name` (`name`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkName, checkNames, hasVisibleCharacter, nameHolder, nameKey } from '../../src/server/names.js';
import { api, createTable, databases, startNode, type Node } from './support.js';

/** Names that show nothing, by the class of their characters. */
const INVISIBLE: ReadonlyArray<[string, string]> = [
  ['zero-width spaces', '\u200B\u200B\u200B'],
  ['zero-width joiner and non-joiner', '\u200D\u200C'],
  ['word joiner', '\u2060'],
  ['byte order mark', '\uFEFF'],
  ['soft hyphen', '\u00AD'],
  ['invisible operators', '\u2061\u2062\u2063\u2064'],
  ['tag characters', '\u{E0041}\u{E006E}\u{E0061}\u{E007F}'],
  ['combining marks alone', '\u0301\u0308\u0327'],
  ['combining grapheme joiner', '\u034F'],
  ['variation selectors', '\uFE0F\uFE0E'],
  ['supplementary variation selector', '\u{E0100}'],
  ['Hangul choseong filler', '\u115F'],
  ['Hangul jungseong filler', '\u1160'],
  ['Hangul filler', '\u3164'],
  ['halfwidth Hangul filler', '\uFFA0'],
  ['braille blank', '\u2800\u2800'],
  ['Mongolian vowel separator', '\u180E'],
  ['Khmer inherent vowels', '\u17B4\u17B5'],
  ['musical format characters', '\u{1D173}\u{1D174}'],
  ['ideographic and no-break spaces inside fillers', '\u3164\u3000\u00A0\u3164'],
  ['a mix of every kind', '\u200B\u0301\u3164\uFE0F\u{E0020}\u2800'],
];

/** Names that show something, as stored. */
const VISIBLE: readonly string[] = ['Ana', 'Bō 🀄', 'Μαρία', '🀄', '李', "O'Neil", 'Ana-Maria', '1', '★', '🇬🇷', 'Zoë\u200D', 'Ana\uFE0F'];

describe('a name shows something', () => {
  it.each(INVISIBLE)('refuses %s', (_kind, name) => {
    expect(hasVisibleCharacter(name)).toBe(false);
    // Whitespace by JavaScript's trim (a BOM, say) leaves nothing at all: refused as empty.
    expect(() => checkName(name, 'names.south')).toThrow(/^names\.south: must (hold at least one visible character|not be empty)/);
  });

  it.each(VISIBLE.map((name) => [name]))('keeps %j', (name) => {
    expect(hasVisibleCharacter(name)).toBe(true);
    expect(checkName(`  ${name} `, 'name')).toBe(name);
  });
});

describe('names at one table differ', () => {
  it('compares after NFKC and lower case, without the characters that show nothing', () => {
    for (const same of ['Ana', 'ANA', 'ana', 'Ａｎａ', 'A\u200Bna', 'Ana\uFE0F']) expect(nameKey(same)).toBe('ana');
    expect(nameKey('ΜΑΡΊΑ')).toBe(nameKey('Μαρία'));
    expect(nameKey('Ana Maria')).toBe(nameKey('ana  maria'));
    expect(nameKey('Ana')).not.toBe(nameKey('Anna'));
    expect(nameKey('José')).not.toBe(nameKey('Jose'));
  });

  it('finds who holds a name, except the person asking', () => {
    expect(nameHolder({ east: 'Ana', west: 'Bo' }, 'ANA')).toBe('east');
    expect(nameHolder({ east: 'Ana', west: 'Bo' }, 'ANA', 'east')).toBeNull();
    expect(nameHolder({ east: 'Ana' }, 'Bev')).toBeNull();
  });

  it('refuses the later seat of a create request, naming its field', () => {
    expect(() => checkNames({ east: 'Ana', south: 'Ana' })).toThrow(/^names\.south: "Ana" is already the name at east/i);
    expect(() => checkNames({ east: 'Ana', north: 'ＡＮＡ' })).toThrow(/^names\.north:/);
    expect(() => checkNames({ west: 'ana', south: 'Ana' })).toThrow(/^names\.west:/);
    expect(checkNames({ east: 'Ana', south: 'Anna', west: 'Bo' })).toEqual({ east: 'Ana', south: 'Anna', west: 'Bo' });
  });
});

describe.each(databases())('names through the service on $name', ({ location }) => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode({ location: location() });
  });
  afterAll(async () => {
    await node?.close();
  });

  it('refuses an invisible name and a second "Ana" at creation with 400 INVALID_INPUT naming the field', async () => {
    for (const [names, field] of [
      [{ east: '\u200B\u200B' }, 'names.east'],
      [{ west: '\u3164' }, 'names.west'],
      [{ north: '\u0301\u0301' }, 'names.north'],
      [{ south: '\u{E0041}\u{E0042}' }, 'names.south'],
      [{ east: 'Ana', south: 'Ana' }, 'names.south'],
      [{ east: 'Ana', west: 'ANA' }, 'names.west'],
      [{ south: 'Ana', north: 'Ａｎａ' }, 'names.north'],
    ] as const) {
      const reply = await api(node.base, 'POST', '/api/tables', { body: { names } });
      expect(reply.status, JSON.stringify(names)).toBe(400);
      expect(reply.body.error.code).toBe('INVALID_INPUT');
      expect(reply.body.error.message.startsWith(`${field}:`), reply.body.error.message).toBe(true);
    }
  });

  it('PUT …/name refuses a name another person at the table has, and an invisible one; a person may change the case of their own', async () => {
    const table = await createTable(node.base, { names: { east: 'Ana', south: 'Bo' } });
    const put = (seat: string, name: string) => api(node.base, 'PUT', `/api/tables/${table.id}/name`, { token: table.tokens[seat] as string, body: { name } });
    for (const name of ['ana', 'ＡＮＡ', 'A\u200Bna']) {
      const taken = await put('west', name);
      expect(taken.status).toBe(400);
      expect(taken.body.error.code).toBe('INVALID_INPUT');
      expect(taken.body.error.message).toMatch(/^name: another person at this table is already called/);
    }
    const blank = await put('west', '\u2800');
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toMatch(/^name: must hold at least one visible character/);
    const own = await put('east', 'ANA');
    expect(own.status).toBe(200);
    expect(own.body.names).toEqual({ east: 'ANA', south: 'Bo' });
    const fresh = await put('west', 'Bev');
    expect(fresh.status).toBe(200);
    expect(fresh.body.names).toEqual({ east: 'ANA', south: 'Bo', west: 'Bev' });
  });
});
