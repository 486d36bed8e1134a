// Two projects:
// - `unit`: suites of the library's parts; `api-resources` and its subpaths map to src/, and a
//   suite may import internals from src/.
// - `package`: the integration suites (Express, the demo app, databases and ORMs, load, browser)
//   run against the built package: `api-resources` resolves through package.json `exports` to
//   dist/, and nothing may load src/ (__tests__/support/package-resolver.js refuses it, and
//   __tests__/architecture/package-imports.test.ts names the file that tries). dist/ is built
//   before the run when it is missing or older than src/ (__tests__/support/build-dist.ts).

/** @type {import('jest').Config} */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
}

/**
 * Folders (ending in `/`) and files of the `package` project, relative to the root; `*` stands for
 * any part of a file name.
 */
const PACKAGE_SUITES = [
  '__tests__/adapters/',
  '__tests__/browser/',
  '__tests__/e2e/',
  '__tests__/express/',
  '__tests__/integrations/',
  '__tests__/load/',
  '__tests__/jsonapi/database.test.ts',
  '__tests__/jsonapi/demo-*.test.ts',
  '__tests__/jsonapi/express.test.ts',
  '__tests__/jsonapi/links-meta.test.ts',
  '__tests__/pagination/demo-*.test.ts',
  '__tests__/pagination/express.test.ts',
  '__tests__/docs/snippet-types.test.ts',
  '__tests__/types/payload-types-dist.test.ts',
]

/** Suites inside those folders that test internals, so stay in `unit`. */
const UNIT_SUITES_IN_PACKAGE_FOLDERS = [
  // acceptsJsonApi() and attributePointer() are internal helpers of the HTTP core, not exported
  '__tests__/express/error-documents.test.ts',
]

// a path as a regular expression, `*` matching within one name
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*/g, '[^/]*')

/** A testPathIgnorePatterns entry for one PACKAGE_SUITES item, minus the unit suites inside it. */
function ignorePattern(suite) {
  const kept = UNIT_SUITES_IN_PACKAGE_FOLDERS.filter((file) => file.startsWith(suite))
  const except = kept.length
    ? `(?!(${kept.map((file) => escape(file.slice(suite.length))).join('|')})$)`
    : ''
  return `<rootDir>/${escape(suite)}${suite.endsWith('/') ? except : '$'}`
}

const common = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
}

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...PACKAGE_SUITES.map(ignorePattern)],
      // light-my-request (fastify.inject) requires an ES-module-only `cookie`
      transformIgnorePatterns: ['^(?!.*/light-my-request/node_modules/cookie/).*/node_modules/'],
      moduleNameMapper: {
        '^api-resources$': '<rootDir>/src/index.ts',
        '^api-resources/http$': '<rootDir>/src/http/index.ts',
        '^api-resources/openapi$': '<rootDir>/src/openapi/index.ts',
        '^api-resources/adapter$': '<rootDir>/src/adapters/kit/index.ts',
        '^api-resources/errors$': '<rootDir>/src/errors/index.ts',
        '^api-resources/(express|handlebars|fastify|hono|nestjs)$':
          '<rootDir>/src/integrations/$1/index.ts',
        '^api-resources/([a-z-]+)$': '<rootDir>/src/adapters/$1/index.ts',
      },
    },
    {
      ...common,
      displayName: 'package',
      testMatch: [
        ...PACKAGE_SUITES.map((s) => `<rootDir>/${s}${s.endsWith('/') ? '**/*.test.ts' : ''}`),
        ...UNIT_SUITES_IN_PACKAGE_FOLDERS.map((file) => `!**/${file}`),
      ],
      resolver: '<rootDir>/__tests__/support/package-resolver.js',
      // dist/ runs as built; light-my-request (fastify.inject) requires an ES-module-only `cookie`
      transformIgnorePatterns: [
        '^(?!.*/light-my-request/node_modules/cookie/).*/node_modules/',
        '<rootDir>/dist/',
      ],
      globalSetup: '<rootDir>/__tests__/support/build-dist.ts',
    },
  ],
  globalSetup: '<rootDir>/__tests__/support/global-setup.ts',
  testTimeout: 30000,
}
