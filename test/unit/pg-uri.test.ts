/**
 * The PostgreSQL URI as libpq reads it (`src/server/storage/pg-uri.ts`): one host or a list, default ports, IPv6 in
 * brackets, user and password, the other parameters kept, `target_session_attrs` any or read-write; bad forms are
 * named, and no error ever shows the password. `parseDbLocation` takes what `pg_autoctl show uri` prints.
 */
import { parse as parseConnectionString } from 'pg-connection-string';
import { describe, expect, it } from 'vitest';
import { parseDbLocation } from '../../src/server/storage/db.js';
import { allowsPlainFallback, hostLabel, hostUri, isLostConnection, parsePgUri, redactPassword, type PgTarget } from '../../src/server/storage/pg-uri.js';

const GOOD: Array<[string, Partial<PgTarget>]> = [
  ['postgres://127.0.0.1/charleston', { hosts: [{ host: '127.0.0.1', port: 5432 }], database: 'charleston', user: undefined, password: undefined, targetSessionAttrs: 'any', params: [] }],
  ['postgresql://db.example:6000', { hosts: [{ host: 'db.example', port: 6000 }], database: undefined }],
  [
    'postgres://autoctl_node@node1:5433,node2:5434/app?target_session_attrs=read-write&sslmode=require',
    { hosts: [{ host: 'node1', port: 5433 }, { host: 'node2', port: 5434 }], user: 'autoctl_node', database: 'app', targetSessionAttrs: 'read-write', params: [['sslmode', 'require']] },
  ],
  ['postgres://a,b:7/db?target_session_attrs=any', { hosts: [{ host: 'a', port: 5432 }, { host: 'b', port: 7 }], targetSessionAttrs: 'any' }],
  ['postgres://[::1]:5433,[fe80::1%25eth0],127.0.0.1/db', { hosts: [{ host: '::1', port: 5433 }, { host: 'fe80::1%25eth0', port: 5432 }, { host: '127.0.0.1', port: 5432 }] }],
  ['postgres://us%40er:p%3Ass%2Fw@h/d%20b', { user: 'us@er', password: 'p:ss/w', database: 'd b', hosts: [{ host: 'h', port: 5432 }] }],
  ['postgres://u:@h/db?application_name=charleston&options=-c%20statement_timeout%3D5000', { user: 'u', password: '', params: [['application_name', 'charleston'], ['options', '-c statement_timeout=5000']] }],
  ['postgres://:secret@h/db', { user: undefined, password: 'secret' }],
];

const BAD: Array<[string, RegExp]> = [
  ['mysql://h/db', /starts with postgres:\/\//],
  ['postgres:///db', /names no host/],
  ['postgres://u:pw@/db', /names no host/],
  ['postgres://a,,b/db', /host 2 of 3 .* is empty/],
  ['postgres://a:5432,b:0/db', /port of host 2 of 2 .* 1 to 65535/],
  ['postgres://a:70000/db', /port of the host .* 1 to 65535/],
  ['postgres://a:54x/db', /port of the host .* 1 to 65535/],
  ['postgres://a:/db', /port of the host .* 1 to 65535/],
  ['postgres://[::1/db', /opens "\[" .* without closing/],
  ['postgres://[::1]x/db', /after its "\]"/],
  ['postgres://[nothost]/db', /not an IPv6 address/],
  ['postgres://::1:5432/db', /IPv6 address goes inside/],
  ['postgres://h/db?target_session_attrs=read-only', /target_session_attrs="read-only" is not supported: use read-write .* or any/],
  ['postgres://h/db?target_session_attrs=primary', /target_session_attrs="primary" is not supported/],
  ['postgres://h/db?host=other', /host parameter .* not supported/],
  ['postgres://h/a/b', /database name .* "\/"/],
  ['postgres://h/db#x', /fragment/],
  ['postgres://h/%zz', /database name .* bad %-escape/],
];

describe('parsePgUri', () => {
  it.each(GOOD)('reads %s', (text, expected) => {
    expect(parsePgUri(text)).toMatchObject(expected);
  });

  it.each(BAD)('names the problem of %s', (text, problem) => {
    expect(() => parsePgUri(text)).toThrow(problem);
  });

  it('round-trips each host to a single-host URI pg reads, password and parameters kept', () => {
    const target = parsePgUri('postgres://us%40er:p%3A%2Fss@h1:5433,[::1]:5434/my%20db?target_session_attrs=read-write&sslmode=disable');
    expect(target.hosts.map((host) => hostUri(target, host))).toEqual([
      'postgres://us%40er:p%3A%2Fss@h1:5433/my%20db?sslmode=disable',
      'postgres://us%40er:p%3A%2Fss@[::1]:5434/my%20db?sslmode=disable',
    ]);
    expect(target.hosts.map(hostLabel)).toEqual(['h1:5433', '[::1]:5434']);
    const back = parsePgUri(hostUri(target, target.hosts[1] as PgTarget['hosts'][number]));
    expect(back).toMatchObject({ user: 'us@er', password: 'p:/ss', database: 'my db', hosts: [{ host: '::1', port: 5434 }], targetSessionAttrs: 'any' });
  });
});

describe('sslmode=prefer, as libpq means it', () => {
  it('asks pg for libpq\'s meaning (TLS not verified, no start-up warning); other modes are passed as written', () => {
    const prefer = parsePgUri('postgres://127.0.0.1:6001,127.0.0.1:6002/charleston?target_session_attrs=read-write&sslmode=prefer');
    const uri = hostUri(prefer, prefer.hosts[0] as PgTarget['hosts'][number]);
    expect(uri).toBe('postgres://127.0.0.1:6001/charleston?sslmode=prefer&uselibpqcompat=true');
    const config = parseConnectionString(uri) as { ssl?: { rejectUnauthorized?: boolean } };
    expect(config.ssl?.rejectUnauthorized).toBe(false);
    const given = parsePgUri('postgres://h/db?sslmode=prefer&uselibpqcompat=false');
    expect(hostUri(given, given.hosts[0] as PgTarget['hosts'][number])).toBe('postgres://h:5432/db?sslmode=prefer&uselibpqcompat=false');
    const require = parsePgUri('postgres://h/db?sslmode=require');
    expect(hostUri(require, require.hosts[0] as PgTarget['hosts'][number])).toBe('postgres://h:5432/db?sslmode=require');
  });
});

describe('allowsPlainFallback', () => {
  it.each([
    ['postgres://a,b/db?target_session_attrs=read-write&sslmode=prefer', true],
    ['postgres://a/db?sslmode=allow', true],
    ['postgres://a/db?sslmode=require', false],
    ['postgres://a/db?sslmode=disable', false],
    ['postgres://a/db', false],
  ])('%s → %s', (text, expected) => {
    expect(allowsPlainFallback(parsePgUri(text))).toBe(expected);
  });
});

describe('parseDbLocation with a PostgreSQL URI', () => {
  it('accepts what pg_autoctl show uri prints', () => {
    const uri = 'postgres://autoctl_node@127.0.0.1:6001,127.0.0.1:6002/charleston?target_session_attrs=read-write&sslmode=prefer';
    expect(parseDbLocation(uri)).toEqual({ kind: 'postgres', url: uri });
  });

  it.each([
    'postgres://admin:Sup3rSecret@a:1,b:99999/db',
    'postgres://admin:Sup3rSecret@a/db?target_session_attrs=standby',
    'postgres://admin:Sup/3r@Secret@/db',
    'postgress://admin:Sup3rSecret@a/db',
    'pg://admin:Sup3rSecret@a/db',
  ])('never shows the password when refusing %s', (text) => {
    let message = '';
    try {
      parseDbLocation(text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toBe('');
    expect(message).not.toContain('Sup');
    expect(message).not.toContain('Secret');
  });

  it('redactPassword hides everything between // and the last @', () => {
    expect(redactPassword('postgres://u:p@ss@h/db')).toBe('postgres://***@h/db');
    expect(redactPassword('postgres://h1,h2/db')).toBe('postgres://h1,h2/db');
  });
});

describe('isLostConnection', () => {
  const table: Array<[string, unknown, boolean]> = [
    ['a standby refusing a write (25006)', { code: '25006', message: 'cannot execute INSERT in a read-only transaction' }, true],
    ['a server in recovery (57P03)', { code: '57P03', message: 'the database system is in recovery mode' }, true],
    ['an administrator shutdown (57P01)', { code: '57P01' }, true],
    ['a connection exception (08006)', { code: '08006' }, true],
    ['a refused socket', { code: 'ECONNREFUSED' }, true],
    ['a terminated connection', new Error('Connection terminated unexpectedly'), true],
    ['a connect timeout', new Error('timeout expired'), true],
    ['a unique violation (23505)', { code: '23505' }, false],
    ['a serialization failure (40001)', { code: '40001' }, false],
    ['a plain error', new Error('boom'), false],
    ['not an error', 'text', false],
  ];
  it.each(table)('%s → %s', (_label, error, lost) => {
    expect(isLostConnection(error)).toBe(lost);
  });
});
