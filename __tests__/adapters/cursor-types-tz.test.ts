// The walks over every column type (and over a UNION of them) again, in a process whose time zone
// is not UTC (drivers read zone-less timestamps as local time): cursor-types.test.ts and
// cursor-union.test.ts in a child Jest under TZ=America/New_York.
import { expectPassingUnderTimeZone } from '../support/child-jest'

it('walks every column type, and a UNION of them, under TZ=America/New_York', () => {
  expectPassingUnderTimeZone('America/New_York', [
    '__tests__/adapters/cursor-types.test.ts',
    '__tests__/adapters/cursor-union.test.ts',
  ])
}, 300_000)
