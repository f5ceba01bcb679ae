/** The HTTP API (`/api/tables…`, `/healthz`): JSON in, JSON out, every body and parameter checked by a schema. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type Role } from './auth.js';
import { requestLocale } from './engine.js';
import { ServiceError } from './errors.js';
import { concernsLocale, concernsTable } from './error-locale.js';
import type { Gate } from './gate.js';
import { playersFrom, type Player } from './players.js';
import { MAX_HAND_EVENTS, MAX_LOG_PAGE, createBody, eventBody, logQuery, nameBody, nextBody, reviewQuery, seatBody, seatParams, tableParams } from './schemas.js';
import { checkName, checkNames } from './names.js';
import type { TableNode } from './table-node.js';
import { phaseOfSnapshot, type Seat } from '../index.js';
import { logFor, openChoices } from './log-view.js';
import { tableBody } from './hub.js';
import { HAND_ENDED } from './hands.js';
import { ReviewError, reviewHand } from '../entries/review.js';
import { SlidingWindow } from './rate.js';
import { checkCard } from './table-card.js';

interface CreateBody {
  seed?: number | string;
  deal?: unknown;
  rules?: unknown;
  locale?: string;
  seats?: Partial<Record<Seat, Player>>;
  names?: Partial<Record<Seat, string>>;
  clock?: number;
  card?: string;
}

/** Limits of the routes. */
export interface RouteOptions {
  /** Tables one address may create per minute (default 30). */
  createPerMinute: number;
}

/** Registers the API routes on `app`. */
export function registerRoutes(app: FastifyInstance, master: TableNode, gate: Gate, options: RouteOptions): void {
  /** Authorizes the request's bearer token for table `id` (failures count against the client's address). */
  const caller = async (request: FastifyRequest, id: string): Promise<{ role: Role; tokenHash: string }> => {
    const header = request.headers.authorization;
    const token = bearerToken(header);
    if (token === null && header !== undefined) {
      gate.check(request.ip);
      gate.failed(request.ip);
      throw new ServiceError('UNAUTHORIZED', 'authHeader');
    }
    const who = await gate.authorize(request.ip, id, token);
    concernsTable(request, id); // from here on an error is worded in the table's language
    return who;
  };

  // 200 while the database answers and the change listener is connected; 503 naming what is down otherwise.
  // Not counted against the address's HTTP budget: a balancer or a probe behind an address that also sends API
  // requests must still hear the answer, however often it asks. What it costs is bounded instead: one check serves
  // every caller for a second (TableNode.health), so the database answers about one trivial query a second from
  // this node, and a successful check writes no log line (app.ts).
  app.get('/healthz', { config: { rateLimit: false } }, async (_request, reply) => {
    const health = await master.health();
    const down = (['database', 'listener'] as const).filter((part) => health[part] === 'down');
    return reply.code(down.length === 0 ? 200 : 503).send({ ok: down.length === 0, ...health, ...(down.length === 0 ? {} : { down }) });
  });

  // Creation has its own limit per address, over a sliding minute (a bearer, valid or not, changes nothing).
  const creations = new SlidingWindow(options.createPerMinute, 60_000);
  const createLimit = async (request: FastifyRequest): Promise<void> => {
    if (!creations.take(request.ip)) throw new ServiceError('RATE_LIMITED', 'tooManyCreations', { budget: 'creations', max: options.createPerMinute });
  };
  app.post<{ Body: CreateBody }>('/api/tables', { schema: { body: createBody }, config: { rateLimit: false }, onRequest: createLimit }, async (request, reply) => {
    const body = request.body ?? {};
    const locale = requestLocale(body.locale);
    if (locale === null) throw new ServiceError('INVALID_INPUT', 'badLocale', { field: 'locale', got: JSON.stringify(body.locale ?? null).slice(0, 40) });
    concernsLocale(request, locale);
    const setup: { seed?: number | string; deal?: unknown; rules?: unknown; card?: string } = {};
    if (body.seed !== undefined) setup.seed = body.seed;
    if (body.card !== undefined) setup.card = checkCard(body.card);
    if (body.deal !== undefined) setup.deal = body.deal;
    if (body.rules !== undefined) setup.rules = body.rules;
    const names = checkNames(body.names);
    const created = await master.create(setup, locale, playersFrom(body.seats), { names, clock: body.clock ?? null });
    return reply.code(201).send(created);
  });

  app.get<{ Params: { id: string } }>('/api/tables/:id', { schema: { params: tableParams } }, async (request) => {
    const { id } = request.params;
    const { role } = await caller(request, id);
    await master.join(id, role); // a seat token's GET opens its person's link (the clock waits for everyone's)
    const table = await master.current(id);
    if (role.role === 'operator') return { id, ...tableBody(table, role, master.now()), full: { value: table.snapshot.value, context: table.snapshot.context } };
    return { id, ...tableBody(table, role, master.now()) };
  });

  // The next hand at the same table, once the hand has ended (a seat token or the admin); 409 HAND_IN_PLAY before.
  app.post<{ Params: { id: string }; Body: { hand?: number } | null | undefined }>(
    '/api/tables/:id/next',
    { schema: { params: tableParams, body: nextBody } },
    async (request) => {
      const { id } = request.params;
      const { role } = await caller(request, id);
      if (role.role !== 'seat' && role.role !== 'admin') throw new ServiceError('FORBIDDEN', 'cannotDeal', { role: role.role, action: 'next' });
      return master.next(id, request.body?.hand);
    },
  );

  // The clock starts before everyone has opened their link (the admin only); 409 ALREADY_STARTED when it runs.
  app.post<{ Params: { id: string } }>('/api/tables/:id/start', { schema: { params: tableParams } }, async (request) => {
    const { id } = request.params;
    const { role } = await caller(request, id);
    if (role.role !== 'admin') throw new ServiceError('FORBIDDEN', 'onlyAdminStarts', { role: role.role, action: 'start' });
    return master.start(id);
  });

  // A person's display name (data, never markup): only a seat token, for itself.
  app.put<{ Params: { id: string }; Body: { name: string } }>('/api/tables/:id/name', { schema: { params: tableParams, body: nameBody } }, async (request) => {
    const { id } = request.params;
    const { role } = await caller(request, id);
    if (role.role !== 'seat') throw new ServiceError('FORBIDDEN', 'onlySeatNames', { role: role.role, action: 'name' });
    return master.setName(id, role, checkName(request.body.name, 'name'));
  });

  app.post<{ Params: { id: string }; Body: { event: unknown; key?: string } }>(
    '/api/tables/:id/events',
    { schema: { params: tableParams, body: eventBody } },
    async (request, reply) => {
      const { id } = request.params;
      const who = await caller(request, id);
      // Only a seat token plays: the admin link is the host's (seats to bots, the next hand, the log), not a player's.
      if (who.role.role !== 'seat') throw new ServiceError('FORBIDDEN', 'onlySeatSends', { role: who.role.role, action: 'send' });
      const key = request.body.key;
      if (key !== undefined && !gate.reserveKey(request.ip)) throw new ServiceError('RATE_LIMITED', 'tooManyKeyed', { budget: 'keyedSends' });
      let result: Awaited<ReturnType<typeof master.submit>> = null;
      try {
        result = await master.submit(id, { kind: 'token', ...who }, request.body.event, key);
      } finally {
        if (key !== undefined && result?.ok !== false) gate.releaseKey(request.ip); // only a stored refusal keeps its unit
      }
      if (result === null) throw new ServiceError('UNAVAILABLE', 'notApplied');
      return reply.code(result.ok ? 200 : 422).send(result);
    },
  );

  // While a hand is in play the log shows no face (seat and count only) and only the admin reads it; once the
  // hand has ended every token of the table reads it in full; the operator reads everything (log-view.ts).
  // A reply holds at most MAX_LOG_PAGE events (`limit` fewer): a longer log says where the next page starts
  // (`next`, the `after` of the next request), so no reply is built from an unbounded log.
  app.get<{ Params: { id: string }; Querystring: { after?: string; limit?: string } }>(
    '/api/tables/:id/log',
    { schema: { params: tableParams, querystring: logQuery } },
    async (request) => {
      const { id } = request.params;
      const { role } = await caller(request, id);
      const table = await master.current(id);
      const reader = role.role === 'operator' ? 'operator' : role.role === 'admin' ? 'admin' : 'member';
      const after = Number(request.query.after ?? 0);
      const limit = Math.min(MAX_LOG_PAGE, Number(request.query.limit ?? MAX_LOG_PAGE));
      const rows = await master.log(id, after, limit + 1);
      const page = rows.length > limit ? rows.slice(0, limit) : rows;
      const phase = phaseOfSnapshot(table.snapshot);
      const view = logFor(page, phase, reader, table.deal, openChoices(phase));
      return rows.length > limit ? { ...view, next: page[page.length - 1]?.version ?? after } : view;
    },
  );

  // The review of a hand that has ended (who passed what to whom, blind counts, what joined each rack, the vote,
  // the courtesy, the declaration; on a table with a card, each seat's progress toward its closest hand), for any
  // token of the table: made here by replaying the hand's log on the engine
  // from the hand's first table, which no token may read (its wall and seed stay here).
  app.get<{ Params: { id: string }; Querystring: { hand?: string } }>(
    '/api/tables/:id/review',
    { schema: { params: tableParams, querystring: reviewQuery } },
    async (request) => {
      const { id } = request.params;
      await caller(request, id);
      const table = await master.current(id);
      const hand = request.query.hand === undefined ? table.deal : Number(request.query.hand);
      if (hand > table.deal) throw new ServiceError('NOT_FOUND', 'noSuchHand', { field: 'hand', hand, dealt: table.deal });
      const phase = phaseOfSnapshot(table.snapshot);
      if (hand === table.deal && !HAND_ENDED.has(phase)) throw new ServiceError('HAND_IN_PLAY', 'reviewInPlay', { hand, phase });
      const stored = await master.store.hand(id, hand, MAX_HAND_EVENTS + 1);
      if (stored === null) throw new ServiceError('NOT_FOUND', 'handNotStored', { field: 'hand', hand });
      if (stored.events.length > MAX_HAND_EVENTS) throw new ServiceError('UNAVAILABLE', 'handTooLong', { hand, max: MAX_HAND_EVENTS });
      try {
        return { id, hand, review: reviewHand(stored.initial, stored.events, table.card === null ? {} : { card: table.card.card, isWinningHand: table.card.isWinningHand }) };
      } catch (error) {
        if (error instanceof ReviewError) throw new ServiceError('UNAVAILABLE', 'reviewFailed', { hand, detail: error.message.slice(0, 120) });
        throw error;
      }
    },
  );

  app.put<{ Params: { id: string; seat: Seat }; Body: { player: Player } }>(
    '/api/tables/:id/seats/:seat',
    { schema: { params: seatParams, body: seatBody } },
    async (request) => {
      const { id, seat } = request.params;
      const { role } = await caller(request, id);
      if (role.role !== 'admin') throw new ServiceError('FORBIDDEN', 'onlyAdminHandsOver', { role: role.role, action: 'seats' });
      const players = await master.setPlayer(id, seat, request.body.player);
      return { id, seats: players };
    },
  );
}
