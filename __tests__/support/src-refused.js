// What package-resolver.js gives a package suite in place of a module of src/.
throw new Error(
  'a package suite (or a helper or demo module it loads) imports src/: the package suites load the ' +
    'library as `api-resources` (dist/); __tests__/architecture/package-imports.test.ts names the file',
)
