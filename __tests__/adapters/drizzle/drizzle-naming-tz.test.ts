// drizzle-naming.test.ts again in a process whose time zone is not UTC (a zone-less value written
// by the driver in local time would select other rows there), in a child Jest.
import { expectPassingUnderTimeZone } from '../../support/child-jest'

it('filters zone-less string-mode date-times under TZ=America/New_York', () => {
  expectPassingUnderTimeZone('America/New_York', [
    '__tests__/adapters/drizzle/drizzle-naming.test.ts',
  ])
}, 120_000)
