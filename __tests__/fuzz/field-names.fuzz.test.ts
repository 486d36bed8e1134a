// Property tests over resource field names: any string at all, used as a decorated member name and as
// a `from` source, comes out as plain data in the payload, and no code runs from it.
import 'reflect-metadata'
import fc from 'fast-check'
import { Field, JsonResource, When } from 'api-resources'
import { fuzzParams } from './runs'

const injection = fc.constantFrom(
  "a'); globalThis.__pwned = 1; ('",
  'a"); globalThis.__pwned = 1; ("',
  '`${globalThis.__pwned = 1}`',
  '\\',
  '\n',
  '\u2028',
  '\u2029',
  '__proto__',
  'constructor',
  'toString',
  '*/ globalThis.__pwned = 1 /*',
)
const fieldName = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), injection)
// A member named `constructor` is refused at decoration, since it would hide the class from its
// instances (__tests__/metadata/decorators.test.ts checks that error).
const memberName = fieldName.filter((name) => name !== 'constructor')

describe('fuzz: resource field names', () => {
  it('are data, never code', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(memberName, { minLength: 1, maxLength: 4 }),
        fieldName,
        (names, from) => {
          class Fuzzed extends JsonResource<Record<string, unknown>> {}
          const model: Record<string, unknown> = Object.create(null)
          names.forEach((name, i) => {
            Field()(Fuzzed.prototype, name)
            model[name] = i
          })
          const extra = `x${from}`
          if (!names.includes(extra)) {
            When(() => true)(Fuzzed.prototype, extra)
            model[extra] = 'w'
          }
          const payload = new Fuzzed(model).toPayload() as { data: Record<string, unknown> }
          const expected: Record<string, unknown> = Object.create(null)
          for (const name of names) expected[name] = model[name]
          if (!names.includes(extra)) expected[extra] = 'w'
          expect(Object.keys(payload.data)).toEqual(Object.keys(expected))
          for (const key of Object.keys(expected)) expect(payload.data[key]).toBe(expected[key])
          expect((globalThis as { __pwned?: unknown }).__pwned).toBeUndefined()
        },
      ),
      fuzzParams,
    )
  })
})
