import { acceptsJsonApi, attributePointer } from '../../src/http/error-documents'

describe('attributePointer', () => {
  it.each([
    ['email', '/data/attributes/email'],
    ['address.city', '/data/attributes/address/city'],
    ['items[1].sku', '/data/attributes/items/1/sku'],
    ['items.1.sku', '/data/attributes/items/1/sku'],
    ['[0].a', '/data/attributes/0/a'],
    ['a/b~c', '/data/attributes/a~1b~0c'],
    ['', '/data/attributes'],
  ])('%j -> %s', (field, pointer) => {
    expect(attributePointer(field)).toBe(pointer)
  })
})

describe('acceptsJsonApi', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['application/json', false],
    ['*/*', false],
    ['application/vnd.api+json', true],
    ['APPLICATION/VND.API+JSON', true],
    ['text/html, application/vnd.api+json; q=0.5', true],
    ['application/vnd.api+json; ext="https://x"', true],
    ['application/vnd.api+json;q=0', false],
    ['application/vnd.api+json;q=0.0, application/json', false],
    ['application/vnd.api+jsonx', false],
  ])('%j -> %s', (accept, expected) => {
    expect(acceptsJsonApi(accept)).toBe(expected)
  })
})
