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

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^api-resources$': '<rootDir>/src/index.ts',
    '^api-resources/(express|handlebars)$': '<rootDir>/src/integrations/$1/index.ts',
    '^api-resources/([a-z-]+)$': '<rootDir>/src/adapters/$1/index.ts',
  },
  globalSetup: '<rootDir>/__tests__/support/global-setup.ts',
  testTimeout: 30000,
}
