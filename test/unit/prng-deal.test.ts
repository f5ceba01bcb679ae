/**
 * The seeded PRNG and the deal (R12): same seed, same deal (pinned values catch a change of
 * generator or shuffle); explicit deals are sub-multisets of the set, or an InputError naming seat and tile.
 */
import { describe, expect, it } from 'vitest';
import { dealFromInput, dealFromSeed, type Deal } from '../../src/deal.js';
import { InputError } from '../../src/errors.js';
import { MAX_SEED, isSeed, mulberry32, nextSeed, seededShuffle } from '../../src/prng.js';
import { createInitialContext, redeal } from '../../src/rules/hand.js';
import { SEATS } from '../../src/seats.js';
import { SET_SIZE, TILE_CODES, TILE_FACES, copiesOf, countCodes, faceOf, facesOf, firstUnpickable, pickFromRack, without, type TileId } from '../../src/tiles.js';
import { RACKS } from './fixtures.js';

function allIds(deal: Deal): TileId[] {
  return [...SEATS.flatMap((seat) => deal.racks[seat]), ...deal.wall];
}

describe('mulberry32 (documented generator)', () => {
  it('pins the first outputs for seed 1 and seed 0', () => {
    const one = mulberry32(1);
    expect([one(), one(), one()]).toEqual([2693262067, 11749833, 2265367787]);
    const zero = mulberry32(0);
    expect([zero(), zero()]).toEqual([1144304738, 1416247]);
  });
  it('matches the published float form for seed 1 (0.6270739405881613)', () => {
    expect(mulberry32(1)() / 2 ** 32).toBeCloseTo(0.6270739405881613, 15);
  });
  it('outputs unsigned 32-bit integers', () => {
    const next = mulberry32(123456789);
    for (let i = 0; i < 1000; i += 1) {
      const value = next();
      expect(Number.isInteger(value) && value >= 0 && value <= MAX_SEED).toBe(true);
    }
  });
});

describe('seededShuffle', () => {
  it('pins the order of ten items for seed 1', () => {
    expect(seededShuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 1)).toEqual([7, 8, 3, 2, 1, 5, 9, 4, 0, 6]);
  });
  it('is a permutation and leaves the input alone', () => {
    const input = Array.from({ length: 152 }, (_, i) => i);
    const out = seededShuffle(input, 99);
    expect(input).toEqual(Array.from({ length: 152 }, (_, i) => i));
    expect([...out].sort((a, b) => a - b)).toEqual(input);
    expect(out).not.toEqual(input);
  });
});

describe('nextSeed (R12)', () => {
  it('is the first output for state seed + 1 (pinned)', () => {
    expect(nextSeed(1)).toBe(3153583793);
    expect(nextSeed(0)).toBe(2693262067);
    expect(nextSeed(MAX_SEED)).toBe(1144304738);
    expect(nextSeed(nextSeed(1))).toBe(1721205822);
  });
  it('is deterministic and yields a valid seed', () => {
    for (const seed of [0, 1, 2, 7, 1234, MAX_SEED]) {
      expect(nextSeed(seed)).toBe(nextSeed(seed));
      expect(isSeed(nextSeed(seed))).toBe(true);
    }
    expect(nextSeed(1)).not.toBe(nextSeed(2));
  });
});

describe('isSeed', () => {
  it.each([0, 1, 42, MAX_SEED])('%s is a seed', (value) => {
    expect(isSeed(value)).toBe(true);
  });
  it.each([-1, 1.5, MAX_SEED + 1, Number.NaN, '1', null, undefined])('%s is not', (value) => {
    expect(isSeed(value)).toBe(false);
  });
});

describe('dealFromSeed (§3)', () => {
  it('pins the deal of seed 1', () => {
    const deal = dealFromSeed(1);
    expect(deal.racks.east).toEqual([15, 22, 50, 51, 53, 59, 70, 72, 82, 100, 117, 123, 133, 134]);
    expect(facesOf(deal.racks.east)).toEqual(['4B', '6B', '4C', '4C', '5C', '6C', '9C', '1D', '3D', '8D', 'W', 'S', 'WD', 'WD']);
    expect(deal.racks.north).toEqual([11, 33, 35, 44, 49, 69, 103, 111, 119, 128, 140, 148, 150]);
    expect(deal.wall.slice(0, 5)).toEqual([109, 88, 7, 6, 93]);
    expect(facesOf(deal.wall.slice(0, 5))).toEqual(['N', '5D', '2B', '2B', '6D']);
  });
  it('same seed, same deal', () => {
    expect(dealFromSeed(2024)).toEqual(dealFromSeed(2024));
  });
  it.each([[1, 2], [0, 1], [7, 8], [1, MAX_SEED]])('seeds %i and %i deal differently', (a, b) => {
    expect(dealFromSeed(a)).not.toEqual(dealFromSeed(b));
  });
  it.each([0, 1, 2, 99, MAX_SEED])('seed %i: east 14, others 13, wall 99, all 152 tiles once', (seed) => {
    const deal = dealFromSeed(seed);
    expect(deal.racks.east).toHaveLength(14);
    expect(deal.racks.south).toHaveLength(13);
    expect(deal.racks.west).toHaveLength(13);
    expect(deal.racks.north).toHaveLength(13);
    expect(deal.wall).toHaveLength(99);
    expect([...allIds(deal)].sort((a, b) => a - b)).toEqual(Array.from({ length: SET_SIZE }, (_, id) => id));
  });
  it('racks are sorted ids', () => {
    const deal = dealFromSeed(5);
    for (const seat of SEATS) expect(deal.racks[seat]).toEqual([...deal.racks[seat]].sort((a, b) => a - b));
  });
});

describe('the tile set (§2)', () => {
  it('152 tiles: 4 of each suit tile, wind and dragon, 8 flowers, 8 jokers', () => {
    expect(SET_SIZE).toBe(152);
    const counts = countCodes(TILE_FACES);
    expect(counts.size).toBe(36);
    for (const [code, n] of counts) expect(n).toBe(code === 'F' || code === 'J' ? 8 : 4);
  });
});

describe('dealFromInput: explicit racks', () => {
  it('takes the racks as written and fills the wall with the rest', () => {
    const deal = dealFromInput(RACKS, 1);
    for (const seat of SEATS) expect(countCodes(facesOf(deal.racks[seat]))).toEqual(countCodes(RACKS[seat]));
    expect(deal.wall).toHaveLength(152 - 53);
    expect(new Set(allIds(deal)).size).toBe(152);
  });
  it('a listed wall comes first, then the rest in the seed’s order', () => {
    const deal = dealFromInput({ ...RACKS, wall: ['RD', 'RD', 'J'] }, 1);
    expect(facesOf(deal.wall.slice(0, 3))).toEqual(['RD', 'RD', 'J']);
    expect(deal.wall).toHaveLength(99);
    expect(new Set(allIds(deal)).size).toBe(152);
  });
  it('the seed orders the wall: same seed same wall, different seed different wall', () => {
    expect(dealFromInput(RACKS, 3).wall).toEqual(dealFromInput(RACKS, 3).wall);
    expect(dealFromInput(RACKS, 3).wall).not.toEqual(dealFromInput(RACKS, 4).wall);
    const faces = (deal: ReturnType<typeof dealFromInput>) => ({ ...deal.racks, east: facesOf(deal.racks.east), south: facesOf(deal.racks.south), west: facesOf(deal.racks.west), north: facesOf(deal.racks.north) });
    expect(faces(dealFromInput(RACKS, 3))).toEqual(faces(dealFromInput(RACKS, 4)));
    expect(facesOf(dealFromInput(RACKS, 3).wall)).toEqual(facesOf(dealFromInput(RACKS, 3).wall));
  });
  it('a wrong count is not an input error (it is a misdeal later)', () => {
    expect(() => dealFromInput({ ...RACKS, east: RACKS.east.slice(0, 10) }, 1)).not.toThrow();
  });

  const bad: ReadonlyArray<[string, unknown, string[]]> = [
    ['an unknown code', { ...RACKS, north: [...RACKS.north.slice(0, 3), 'XX', ...RACKS.north.slice(4)] }, ['north', 'XX']],
    ['a lower-case code', { ...RACKS, west: ['1d', ...RACKS.west.slice(1)] }, ['west', '1d']],
    ['a number for a tile', { ...RACKS, south: [11, ...RACKS.south.slice(1)] }, ['south', '11']],
    ['a fifth 1B', { ...RACKS, south: ['1B', '1B', '1B', ...RACKS.south.slice(3)] }, ['south', '1B']],
    ['a ninth joker', { ...RACKS, north: ['J', 'J', 'J', 'J', 'J', ...RACKS.north.slice(5)] }, ['north', 'J']],
    ['too many copies in the wall', { ...RACKS, wall: ['N', 'N', 'N'] }, ['wall', 'N']],
    ['a missing seat', { east: RACKS.east, south: RACKS.south, west: RACKS.west }, ['north', 'missing']],
    ['an unknown key', { ...RACKS, centre: [] }, ['centre']],
    ['an own __proto__ key', { ...JSON.parse('{"__proto__":[]}'), ...RACKS }, ['__proto__']],
    ['a rack that is not a list', { ...RACKS, east: '1B 2B' }, ['east']],
    ['not an object', ['1B'], ['deal']],
  ];
  it.each(bad)('%s → InputError naming it', (_name, input, words) => {
    let error: unknown;
    try {
      dealFromInput(input, 1);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(error).toBeInstanceOf(Error);
    const message = error instanceof Error ? error.message : '';
    for (const word of words) expect(message).toContain(word);
  });
  it('the error says where, as a path', () => {
    try {
      dealFromInput({ ...RACKS, north: [...RACKS.north.slice(0, 3), 'XX', ...RACKS.north.slice(4)] }, 1);
      expect.unreachable();
    } catch (error) {
      expect(error instanceof InputError && error.where).toBe('deal.north[3]');
    }
  });
});

describe('redeal (R12)', () => {
  const first = createInitialContext({ seed: 1, deal: dealFromInput(RACKS, 1), rules: { winningHands: [] }, hand: 3 });
  const second = redeal(first);
  it('the next seed, a fresh shuffle, the hand number up, East still dealer, rules kept', () => {
    expect(second.seed).toBe(nextSeed(1));
    expect(second.racks).toEqual(dealFromSeed(nextSeed(1)).racks);
    expect(second.wall).toEqual(dealFromSeed(nextSeed(1)).wall);
    expect(second.hand).toBe(4);
    expect(second.dealer).toBe('east');
    expect(second.rules).toEqual({ winningHands: [] });
  });
  it('clears the table, votes, offers and the misdeal record', () => {
    const dirty = { ...first, votes: { ...first.votes, east: 'stop' as const }, offers: { ...first.offers, west: 2 }, misdeal: { by: 'south' as const, reason: 'declared' as const, text: 'x' } };
    const again = redeal(dirty);
    expect(again.votes).toEqual({ east: null, south: null, west: null, north: null });
    expect(again.offers).toEqual({ east: null, south: null, west: null, north: null });
    expect(again.table).toEqual({ east: null, south: null, west: null, north: null });
    expect(again.exchanged).toEqual({ eastWest: false, southNorth: false });
    expect(again.misdeal).toBeNull();
  });
  it('is deterministic', () => {
    expect(redeal(first)).toEqual(second);
  });
});

describe('without (a rack after tiles leave it)', () => {
  const rack: TileId[] = [0, 4, 9, 17, 33, 60, 61, 90, 120, 151];
  it('drops a packet of up to three ids, keeps the order, and is sized exactly', () => {
    expect(without(rack, [61, 0, 151])).toEqual([4, 9, 17, 33, 60, 90, 120]);
    expect(without(rack, [33])).toEqual([0, 4, 9, 17, 60, 61, 90, 120, 151]);
    expect(without(rack, [])).toEqual(rack);
    const out = without(rack, [4, 9]);
    expect(out).toHaveLength(rack.length - 2);
    expect(out).not.toBe(rack);
  });
  it('drops more than three ids, the fourth and later ones too', () => {
    expect(without(rack, [0, 4, 9, 120, 17])).toEqual([33, 60, 61, 90, 151]);
  });
  it('an id that is not in the rack leaves nothing out for it (the result is shorter only by what was there)', () => {
    expect(without(rack, [5, 60, 7])).toEqual([0, 4, 9, 17, 33, 61, 90, 120, 151]);
    expect(without(rack, [1, 2, 3, 5, 6])).toEqual(rack);
  });
  it('a listed id the rack holds twice is left out twice, and the result is cut to what is left', () => {
    const out = without([5, 7, 7, 9], [7]);
    expect(out).toEqual([5, 9]);
    expect(out).toHaveLength(2);
    expect(without([3, 3, 3, 8], [3, 8])).toEqual([]);
  });
});

describe('picking tiles of a face from a rack (each face is one range of ids)', () => {
  // A rack holding every copy of one face and the tiles on either side of its range, in ascending order (as racks
  // are kept).
  const around = (code: (typeof TILE_CODES)[number]): { ids: TileId[]; rack: TileId[] } => {
    const first = TILE_FACES.indexOf(code);
    const ids = Array.from({ length: copiesOf(code) }, (_, index) => first + index);
    const rack = [first - 1, ...ids, first + ids.length].filter((id) => id >= 0 && id < SET_SIZE);
    return { ids, rack };
  };
  /** The picks by the plain rule: for each code, the lowest id of its face in the rack that is not picked yet. */
  const byRule = (rack: readonly TileId[], codes: readonly (typeof TILE_CODES)[number][]): TileId[] | undefined => {
    const picked: TileId[] = [];
    for (const code of codes) {
      const id = [...rack].sort((a, b) => a - b).find((candidate) => faceOf(candidate) === code && !picked.includes(candidate));
      if (id === undefined) return undefined;
      picked.push(id);
    }
    return picked;
  };
  /** The index of the first code the plain rule cannot supply. */
  const byRuleMissing = (rack: readonly TileId[], codes: readonly (typeof TILE_CODES)[number][]): number => {
    for (let count = 1; count <= codes.length; count += 1) if (byRule(rack, codes.slice(0, count)) === undefined) return count - 1;
    return -1;
  };
  /** Seeded racks of 13 or 14 distinct ids, ascending, and packets of 1–4 codes mostly from the rack. */
  const cases = (count: number): Array<{ rack: TileId[]; codes: (typeof TILE_CODES)[number][] }> => {
    const next = mulberry32(20261204);
    return Array.from({ length: count }, () => {
      const rack = seededShuffle(Array.from({ length: SET_SIZE }, (_, id) => id), next())
        .slice(0, 13 + (next() % 2))
        .sort((a, b) => a - b);
      const codes = Array.from({ length: 1 + (next() % 4) }, () => (next() % 5 === 0 ? (TILE_CODES[next() % TILE_CODES.length] as (typeof TILE_CODES)[number]) : faceOf(rack[next() % rack.length] as TileId)));
      return { rack, codes };
    });
  };

  it('picks every copy of every face, and never a tile of the face next to it', () => {
    for (const code of TILE_CODES) {
      const { ids, rack } = around(code);
      for (let count = 1; count <= ids.length; count += 1) {
        const picked = pickFromRack(rack, Array.from({ length: count }, () => code));
        expect(picked, `${count} × ${code}`).toBeDefined();
        expect(new Set(picked).size).toBe(count);
        expect(picked?.map(faceOf)).toEqual(Array.from({ length: count }, () => code));
      }
      // One more copy than the set holds: the neighbours (other faces) do not stand in for it.
      expect(pickFromRack(rack, Array.from({ length: ids.length + 1 }, () => code)), code).toBeUndefined();
      expect(firstUnpickable(rack, Array.from({ length: ids.length + 1 }, () => code))).toBe(code);
    }
  });

  it('takes the lowest free id of the face for each code, in the order of the codes', () => {
    // Flowers are ids 136–143: a rack with three of them.
    const rack: TileId[] = [3, 60, 137, 140, 143];
    expect(pickFromRack(rack, ['F', '1B', 'F'])).toEqual([137, 3, 140]);
    expect(firstUnpickable(rack, ['F', 'F', 'F', 'F'])).toBe('F');
    expect(firstUnpickable(rack, ['1B', '2B'])).toBe('2B');
  });

  it('picks what the plain rule picks, on 2,000 seeded racks and packets (the search lands on the face’s first copy)', () => {
    for (const { rack, codes } of cases(2000)) {
      const expected = byRule(rack, codes);
      expect(pickFromRack(rack, codes), `${rack.join(' ')} ← ${codes.join(' ')}`).toEqual(expected);
      const missing = byRuleMissing(rack, codes);
      expect(firstUnpickable(rack, codes)).toBe(missing === -1 ? undefined : codes[missing]);
    }
  });

  it('on a rack out of order (a context built by hand) it still finds every tile, of the right face, each once', () => {
    const next = mulberry32(7);
    for (const { rack, codes } of cases(2000)) {
      const scrambled = seededShuffle(rack, next());
      const picked = pickFromRack(scrambled, codes);
      const expected = byRule(rack, codes);
      expect(picked === undefined, `${scrambled.join(' ')} ← ${codes.join(' ')}`).toBe(expected === undefined);
      if (picked === undefined) continue;
      expect(picked.map(faceOf)).toEqual(codes);
      expect(new Set(picked).size).toBe(picked.length);
      for (const id of picked) expect(scrambled).toContain(id);
    }
  });

  it('finds nothing in an empty rack, and a face above every id in the rack is missing, not undefined', () => {
    expect(firstUnpickable([], ['1B'])).toBe('1B');
    expect(pickFromRack([], [])).toEqual([]);
    expect(firstUnpickable([0, 1, 2], ['J'])).toBe('J');
    expect(pickFromRack([0, 1, 2, 151], ['1B', 'J'])).toEqual([0, 151]);
  });
});
