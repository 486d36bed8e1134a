import 'reflect-metadata'
import { Field, JsonResource, MergeWhen, When, WhenLoaded, WhenNotNull } from '../../src'
import { compiledToArray, interpretedToArray, toArraySource } from '../../src/compiler/compile'
import { _, literal, Name, prop } from '../../src/compiler/code'

const HOSTILE = [
  "a'); process.exit(1); ('",
  'b"); process.exit(1); ("',
  '`${process.exit(1)}`',
  'back\\slash\\',
  'new\nline',
  'ls\u2028ps\u2029',
  '__proto__',
  'toString',
  '*/ process.exit(1) /*',
  '',
  '0',
  'a b',
]

function hostileClass(): new (m: unknown) => JsonResource<any> {
  class Hostile extends JsonResource<any> {}
  HOSTILE.forEach((key, i) => {
    const proto = Hostile.prototype
    // `from` is hostile too, and getters with hostile names are decorated the same way.
    if (i % 3 === 0) Field({ from: key || 'empty' })(proto, key)
    else if (i % 3 === 1) WhenNotNull()(proto, key)
    else {
      const descriptor = { get: (): string | undefined => `getter:${key}`, configurable: true }
      Object.defineProperty(proto, key, descriptor)
      When(() => true)(proto, key, descriptor)
    }
  })
  return Hostile
}

describe('field names hostile to code generation come out as data', () => {
  it('never execute, and appear as own keys with the model values', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => {
      throw new Error('process.exit called')
    }) as never)
    try {
      const Hostile = hostileClass()
      const model: Record<string, unknown> = { empty: 'v:empty' }
      HOSTILE.forEach((k) => Object.defineProperty(model, k, { value: `v:${k}`, enumerable: true }))
      const resource = new Hostile(model)
      const out = compiledToArray(Hostile)(resource, undefined)
      expect(out).toEqual(interpretedToArray(Hostile)(resource, undefined))
      expect(Object.keys(out)).toEqual(
        Object.keys(interpretedToArray(Hostile)(resource, undefined)),
      )
      for (const [i, key] of HOSTILE.entries()) {
        expect(Object.prototype.hasOwnProperty.call(out, key)).toBe(true)
        const expected = [`v:${key || 'empty'}`, `v:${key}`, `getter:${key}`][i % 3]
        expect(Object.getOwnPropertyDescriptor(out, key)!.value).toBe(expected)
      }
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
      expect(JSON.parse(JSON.stringify(out))).toHaveProperty(['__proto__'])
      expect(exit).not.toHaveBeenCalled()
      // The key appears in the source only as a string literal.
      expect(toArraySource(Hostile)).toContain(JSON.stringify(HOSTILE[0]))
      expect(toArraySource(Hostile)).toContain('"ls\\u2028ps\\u2029"')
    } finally {
      exit.mockRestore()
    }
  })

  it('a hostile key merged by @MergeWhen or loaded by @WhenLoaded stays data', () => {
    class R extends JsonResource<any> {
      @WhenLoaded({ relation: "x'); throw 1; ('" }) rel!: unknown
      @MergeWhen(() => true) get merged() {
        return JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}')
      }
    }
    const out = (new R({ "x'); throw 1; ('": 5 }).toPayload() as any).data
    expect(out.rel).toBe(5)
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')!.value).toEqual({ polluted: true })
    expect(({} as any).polluted).toBeUndefined()
    expect(out.ok).toBe(1)
  })
})

describe('reading by name never returns an inherited Object.prototype member', () => {
  const BUILT_IN = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']

  function builtInClass(): new (m: unknown) => JsonResource<any> {
    class BuiltIn extends JsonResource<any> {}
    BUILT_IN.forEach((from, i) => {
      Field({ from: from as string })(BuiltIn.prototype, `f${i}`)
      WhenNotNull({ from: from as string })(BuiltIn.prototype, `n${i}`)
    })
    return BuiltIn
  }

  it('a model without the property gives undefined (and @WhenNotNull no key), in both paths', () => {
    const BuiltIn = builtInClass()
    const resource = new BuiltIn({ id: 1 })
    const compiled = compiledToArray(BuiltIn)(resource, undefined)
    expect(compiled).toEqual(interpretedToArray(BuiltIn)(resource, undefined))
    expect(Object.keys(compiled)).toEqual(BUILT_IN.map((_, i) => `f${i}`))
    for (const value of Object.values(compiled)) expect(value).toBeUndefined()
    expect(toArraySource(BuiltIn)).not.toContain('m.constructor')
  })

  it('a model that holds the property itself gives its value, in both paths', () => {
    const BuiltIn = builtInClass()
    const model = JSON.parse(
      '{"__proto__": 7, "constructor": "c", "toString": "t", "hasOwnProperty": 3, "valueOf": 4}',
    )
    const resource = new BuiltIn(model)
    const compiled = compiledToArray(BuiltIn)(resource, undefined)
    expect(compiled).toEqual(interpretedToArray(BuiltIn)(resource, undefined))
    expect(compiled.f0).toBe(7)
    expect([compiled.f1, compiled.f2, compiled.n3, compiled.n4]).toEqual(['c', 't', 3, 4])
  })

  it('a class-instance model does not give its prototype or inherited built-ins', () => {
    class Model {
      id = 1
    }
    const BuiltIn = builtInClass()
    const out = (new BuiltIn(new Model()).toPayload() as { data: Record<string, unknown> }).data
    expect(Object.values(out).every((v) => v === undefined)).toBe(true)
  })
})

describe('the code template', () => {
  it('turns plain values into JSON literals with U+2028/2029 escaped', () => {
    expect(literal('a\u2028b\u2029')).toBe('"a\\u2028b\\u2029"')
    expect(_`x = ${"'); y('"}`.text).toBe(`x = "'); y('"`)
    expect(() => literal(NaN)).toThrow(/non-finite/)
  })

  it('splices names raw and refuses a name that is not an identifier', () => {
    expect(_`${new Name('v0')} = 1`.text).toBe('v0 = 1')
    expect(() => new Name('a b')).toThrow(/CodeGen: name must be a valid identifier/)
    expect(() => new Name("x');")).toThrow(/valid identifier/)
  })

  it('prop() emits .key for identifiers and ["key"] for anything else', () => {
    const o = new Name('o')
    expect(prop(o, 'id').text).toBe('o.id')
    expect(prop(o, 'a-b').text).toBe('o["a-b"]')
    expect(prop(o, '0').text).toBe('o["0"]')
    expect(prop(o, '"]; x; ["').text).toBe('o["\\"]; x; [\\""]')
  })
})
