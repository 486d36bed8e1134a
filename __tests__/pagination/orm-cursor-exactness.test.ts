// Which order columns Prisma and Drizzle carry exactly in a cursor, decided from what the model
// declares, without a database: Prisma from the schema its generated client carries (a DateTime of
// a microsecond column and a Float of a single-precision one are refused on the first page, naming
// the fix), Drizzle from each column's SQL type and mode (the values that travel as the
// database's text). cursor-types-suite.ts walks the same cases on real databases.
import { ArgumentError, Cursor, InvalidCursorError } from 'api-resources'
import { cursorPaginate } from 'api-resources/prisma'
import { drizzleExactForm } from '../../src/adapters/drizzle/drizzle-cursor'

/** A generated delegate's shape: the model `Event` of `fields`, on `provider`. */
function delegate(provider: string, fields: string, rows: unknown[] = [], enums = '') {
  const calls: unknown[] = []
  return {
    calls,
    delegate: {
      $name: 'Event',
      $parent: {
        _activeProvider: provider,
        _engineConfig: {
          inlineSchema: `model Event {\n  id Int @id\n${fields}\n}\n${enums}`,
        },
      },
      findMany: async (args: unknown) => {
        calls.push(args)
        return rows
      },
      count: async () => rows.length,
    },
  }
}

const page = (provider: string, field: string, order = 'at') =>
  cursorPaginate(
    delegate(provider, field).delegate,
    { orderBy: [{ [order]: 'asc' }, { id: 'asc' }] },
    2,
  )

describe('Prisma: the order fields whose values a cursor carries exactly', () => {
  it.each([
    [
      'postgresql',
      'at DateTime @db.Timestamptz(6)',
      /"at" is a DateTime of a @db\.Timestamptz\(6\) column.*@db\.Timestamptz\(3\)/,
    ],
    [
      'postgresql',
      'at DateTime? @db.Timestamp',
      /"at" is a DateTime of a @db\.Timestamp column.*@db\.Timestamp\(3\)/,
    ],
    ['postgresql', 'at DateTime @db.Time(6)', /"at" is a DateTime/],
    ['mysql', 'at DateTime @db.DateTime(6)', /@db\.DateTime\(3\)/],
    ['postgresql', 'at Float @db.Real', /"at" is a Float of a @db\.Real column/],
    ['mysql', 'at Float? @db.Float', /"at" is a Float of a @db\.Float column/],
  ])('refuses on %s the first page ordered by %s', async (provider, field, message) => {
    await expect(page(provider, field)).rejects.toThrow(ArgumentError)
    await expect(page(provider, field)).rejects.toThrow(message)
  })

  it.each([
    ['postgresql', 'at DateTime'],
    ['postgresql', 'at DateTime @db.Timestamptz(3)'],
    ['postgresql', 'at DateTime @db.Timestamp(0)'],
    ['postgresql', 'at DateTime @db.Date'],
    ['mysql', 'at DateTime'],
    ['mysql', 'at DateTime @db.DateTime'],
    ['sqlite', 'at DateTime'],
    ['postgresql', 'at Float'],
    ['postgresql', 'at Float @db.DoublePrecision'],
    ['postgresql', 'at Decimal @db.Decimal(14, 4)'],
    ['postgresql', 'at BigInt'],
  ])('pages on %s ordered by %s', async (provider, field) => {
    await expect(page(provider, field)).resolves.toBeDefined()
  })

  it('binds each cursor value as its field takes it: a Date, a bigint, a Decimal text', async () => {
    const fields = ['at DateTime', 'big BigInt', 'num Decimal', 'n Int'].join('\n')
    const { delegate: events, calls } = delegate('postgresql', fields)
    const cursor = new Cursor({
      at: '2024-03-10T06:59:59.123Z',
      big: '9007199254740993',
      num: '1234567890.1001',
      n: 7,
      id: 1,
    })
    const orderBy = ['at', 'big', 'num', 'n', 'id'].map((name) => ({ [name]: 'asc' }))
    await cursorPaginate(events, { orderBy }, 2, cursor.encode())
    const text = JSON.stringify(calls[0], (_key, value: unknown) =>
      typeof value === 'bigint' ? `${value}n` : value,
    )
    expect(text).toContain('"gt":"2024-03-10T06:59:59.123Z"')
    expect(text).toContain('"gt":"9007199254740993n"')
    expect(text).toContain('"gt":"1234567890.1001"')
    type Where = {
      AND: [Record<string, { gte?: unknown }>, { OR: Array<Record<string, { gt?: unknown }>> }]
    }
    // the required first field bounds the range (an index reads it), then the nested form
    const [bound, nested] = (calls[0] as { where: Where }).where.AND
    expect(bound.at.gte).toBeInstanceOf(Date)
    expect(nested.OR[0].at.gt).toBeInstanceOf(Date)
    // every field is required: no NULL branch anywhere
    expect(text).not.toContain('null')
  })

  it.each([
    [false, false, { flag: { equals: true } }],
    [true, false, { OR: [] }],
    [true, true, { flag: { equals: false } }],
    [false, true, { OR: [] }],
  ])(
    'compares a Boolean cursor value %p (descending: %p) without gt/lt, which Prisma has not',
    async (value, descending, after) => {
      const { delegate: events, calls } = delegate('postgresql', 'flag Boolean')
      const sort = descending ? 'desc' : 'asc'
      const cursor = new Cursor({ flag: value, id: 1 }).encode()
      await cursorPaginate(events, { orderBy: [{ flag: sort }, { id: sort }] }, 2, cursor)
      const where = (calls[0] as { where: { AND: [unknown, { OR: unknown[] }] } }).where
      expect(where.AND[1].OR[0]).toEqual(after)
      expect(JSON.stringify(where)).not.toMatch(/"flag":\{"(gt|lt)"/)
    },
  )

  it('carries a Decimal as its full text, never an exponent', async () => {
    const decimal = { toFixed: () => '0.0000001', toString: () => '1e-7' }
    const events = delegate('postgresql', 'num Decimal', [
      { id: 1, num: decimal },
      { id: 2, num: decimal },
      { id: 3, num: decimal },
    ]).delegate
    const first = await cursorPaginate(events, { orderBy: [{ num: 'asc' }, { id: 'asc' }] }, 2)
    expect(first.nextCursor()?.parameters(['num', 'id'])).toEqual(['0.0000001', 2])
  })

  it.each([
    ['n Int', 'n', 'abc'],
    ['n Int', 'n', 2 ** 31],
    ['n BigInt', 'n', '9223372036854775808'],
    ['n DateTime', 'n', 'not a date'],
    ['n DateTime', 'n', '2024-02-31T25:00:00Z'],
    ['n Boolean', 'n', 1],
    ['n String @db.Uuid', 'n', 'not-a-uuid'],
    ['n Decimal', 'n', '1,5'],
  ])(
    'answers a cursor value its field (%s) does not take with a 400',
    async (field, name, value) => {
      const { delegate: events, calls } = delegate('sqlite', field)
      const cursor = new Cursor({ [name]: value, id: 1 }).encode()
      await expect(
        cursorPaginate(events, { orderBy: [{ [name]: 'asc' }, { id: 'asc' }] }, 2, cursor),
      ).rejects.toBeInstanceOf(InvalidCursorError)
      expect(calls).toEqual([])
    },
  )

  it.each([['DRAFT'], [1], ['draft'], ['Status']])(
    'answers an enum field cursor value that is not one of its values (%p) with a 400',
    async (value) => {
      const enums = 'enum Status {\n  // the first one\n  PUBLISHED\n  DRAFT_X @map("draft")\n}\n'
      const { delegate: events, calls } = delegate('postgresql', 'n Status', [], enums)
      const cursor = new Cursor({ n: value, id: 1 }).encode()
      await expect(
        cursorPaginate(events, { orderBy: [{ n: 'asc' }, { id: 'asc' }] }, 2, cursor),
      ).rejects.toBeInstanceOf(InvalidCursorError)
      expect(calls).toEqual([])
      // one of its values pages
      const { delegate: fine, calls: asked } = delegate('postgresql', 'n Status', [], enums)
      const good = new Cursor({ n: 'DRAFT_X', id: 1 }).encode()
      await cursorPaginate(fine, { orderBy: [{ n: 'asc' }, { id: 'asc' }] }, 2, good)
      expect(asked).toHaveLength(1)
    },
  )
})

describe('Drizzle: the columns whose values travel as the database text', () => {
  it.each([
    ['postgres', 'timestamp(6) with time zone', 'date', 'timestamp(6) with time zone'],
    ['postgres', 'timestamp(6)', 'string', 'timestamp(6)'],
    ['postgres', 'date', 'date', 'date'],
    ['postgres', 'bigint', 'number', 'bigint'],
    ['postgres', 'bigint', 'bigint', 'bigint'],
    ['mysql', 'datetime(6)', 'date', 'datetime(6)'],
    ['mysql', 'float', 'number', 'double'],
    ['mysql', 'time(6)', 'string', 'time(6)'],
    ['mysql', "enum('b','a')", 'string', 'unsigned'],
    ['mysql', 'bigint', 'number', 'signed'],
    ['postgres', 'numeric(14, 4)', 'number', 'numeric(14, 4)'],
    ['mysql', 'decimal(14,4)', 'number', 'decimal(14,4)'],
    ['sqlite', 'integer', 'date', 'integer'],
    ['sqlite', 'integer', 'boolean', 'integer'],
  ] as const)('%s %s (%s mode): compared as %s', (family, type, mode, cast) => {
    expect(drizzleExactForm(family, type, mode)?.cast).toBe(cast)
  })

  it.each([
    ['postgres', 'integer', 'number'],
    ['postgres', 'real', 'number'],
    ['postgres', 'numeric(14, 4)', 'string'],
    ['postgres', 'uuid', 'string'],
    ['mysql', 'decimal(14,4)', 'string'],
    ['mysql', 'double', 'number'],
    ['sqlite', 'integer', 'number'],
    ['sqlite', 'text', 'string'],
    ['sqlite', 'real', 'number'],
  ] as const)('%s %s (%s mode): the value as read', (family, type, mode) => {
    expect(drizzleExactForm(family, type, mode)).toBeUndefined()
  })
})
