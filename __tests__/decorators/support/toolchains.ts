// The toolchains of the matrix: each compiles one TypeScript source to CommonJS the way a user's
// build would, from the configuration the README shows for it (`readme` names the README block;
// the matrix test checks both agree). Legacy = `experimentalDecorators`; standard = TC39
// decorators (TypeScript 5.2+, esbuild 0.21+, swc `decoratorVersion`, Bun without
// `experimentalDecorators`).
import { transformSync as esbuildTransform } from 'esbuild'
import { transformSync as swcTransform } from '@swc/core'
import ts from 'typescript'

type Json = Record<string, unknown>

export interface Toolchain {
  readonly name: string
  /** The decorator mode the output uses. */
  readonly mode: 'legacy' | 'standard'
  /** Does the output record `design:type` (and so load reflect-metadata first)? */
  readonly designType: boolean
  /** The configuration (tsconfig.json or .swcrc) and, when the README shows it, its block name. */
  readonly config: Json
  readonly readme?: string
  /** Compiles the source; absent when a runtime runs the TypeScript itself (`runtime`). */
  readonly compile?: (source: string, filename: string) => string
  /**
   * The program that runs the TypeScript itself, with this `config` as its tsconfig: the tsx CLI
   * (on Node), or Bun (its own transpiler and runtime).
   */
  readonly runtime?: 'tsx' | 'bun'
}

/**
 * What a toolchain configured by a tsconfig's `compilerOptions` reads off them: the mode from
 * `experimentalDecorators`, and `design:type` from `emitDecoratorMetadata` when the toolchain
 * emits metadata at all (esbuild and tsx never do).
 */
function fromTsconfig(
  name: string,
  compilerOptions: Json,
  readme: string | undefined,
  emitsMetadata: boolean,
): Toolchain {
  return {
    name,
    mode: compilerOptions.experimentalDecorators === true ? 'legacy' : 'standard',
    designType: emitsMetadata && compilerOptions.emitDecoratorMetadata === true,
    config: { compilerOptions },
    readme,
  }
}

function tsc(name: string, compilerOptions: Json, readme?: string): Toolchain {
  return {
    ...fromTsconfig(name, compilerOptions, readme, true),
    compile: (source, fileName) => {
      const { options, errors } = ts.convertCompilerOptionsFromJson(compilerOptions, '.')
      if (errors.length > 0) throw new Error(String(errors[0].messageText))
      const out = ts.transpileModule(source, {
        fileName,
        reportDiagnostics: true,
        compilerOptions: { ...options, module: ts.ModuleKind.CommonJS },
      })
      if (out.diagnostics?.length)
        throw new Error(ts.formatDiagnostics(out.diagnostics, ts.createCompilerHost({})))
      return out.outputText
    },
  }
}

function esbuild(name: string, compilerOptions: Json, readme?: string): Toolchain {
  return {
    ...fromTsconfig(name, compilerOptions, readme, false),
    compile: (source, sourcefile) =>
      esbuildTransform(source, {
        loader: 'ts',
        format: 'cjs',
        target: 'es2022',
        sourcefile,
        tsconfigRaw: { compilerOptions },
      }).code,
  }
}

function swc(name: string, transform: Json, readme?: string): Toolchain {
  const config = {
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform, target: 'es2022' },
  }
  return {
    name,
    mode: transform.legacyDecorator === true ? 'legacy' : 'standard',
    designType: transform.decoratorMetadata === true,
    config,
    readme,
    compile: (source, filename) =>
      swcTransform(source, { ...(config as object), filename, module: { type: 'commonjs' } }).code,
  }
}

/** The real tsx CLI, run with `--tsconfig` (this `config`, extending the repository's). */
function tsx(name: string, compilerOptions: Json): Toolchain {
  return { ...fromTsconfig(name, compilerOptions, undefined, false), runtime: 'tsx' }
}

/** Bun running the TypeScript itself, with this `config` as the whole tsconfig.json. */
function bun(name: string, compilerOptions: Json, readme?: string): Toolchain {
  return { ...fromTsconfig(name, compilerOptions, readme, true), runtime: 'bun' }
}

const ES2022 = { target: 'ES2022' }

export const TOOLCHAINS: readonly Toolchain[] = [
  tsc(
    'tsc legacy + emitDecoratorMetadata',
    { ...ES2022, experimentalDecorators: true, emitDecoratorMetadata: true },
    'tsc legacy',
  ),
  tsc('tsc legacy + emitDecoratorMetadata, useDefineForClassFields false', {
    ...ES2022,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    useDefineForClassFields: false,
  }),
  tsc('tsc legacy, no metadata', { ...ES2022, experimentalDecorators: true }),
  tsc('tsc standard', { ...ES2022 }, 'tsc standard'),
  tsc('tsc standard, useDefineForClassFields false', { ...ES2022, useDefineForClassFields: false }),
  esbuild('esbuild/tsx legacy', { experimentalDecorators: true }, 'esbuild legacy'),
  esbuild('esbuild/tsx standard', {}, 'esbuild standard'),
  esbuild('esbuild/tsx standard, useDefineForClassFields false', {
    useDefineForClassFields: false,
  }),
  swc(
    'swc legacy + decoratorMetadata',
    { legacyDecorator: true, decoratorMetadata: true },
    'swc legacy',
  ),
  swc('swc legacy, no metadata', { legacyDecorator: true }),
  swc('swc standard 2023-11', { decoratorVersion: '2023-11' }, 'swc standard'),
  swc('swc standard 2022-03', { decoratorVersion: '2022-03' }),
  tsx('tsx CLI legacy', { experimentalDecorators: true, emitDecoratorMetadata: false }),
  tsx('tsx CLI standard', { experimentalDecorators: false, emitDecoratorMetadata: false }),
  bun(
    'Bun legacy + emitDecoratorMetadata',
    { experimentalDecorators: true, emitDecoratorMetadata: true },
    'bun legacy',
  ),
  bun('Bun legacy, no metadata', { experimentalDecorators: true }),
  bun('Bun legacy, useDefineForClassFields false', {
    experimentalDecorators: true,
    useDefineForClassFields: false,
  }),
  bun('Bun standard', {}, 'bun standard'),
  bun('Bun standard, useDefineForClassFields false', { useDefineForClassFields: false }),
]
