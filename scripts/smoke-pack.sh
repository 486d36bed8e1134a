#!/usr/bin/env bash
# Packs the package, installs the tarball into a temporary project, and loads every entry point with
# require() and with import. Run after `npm run build`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
tarball="$(cd "$root" && npm pack --silent --pack-destination "$tmp" | tail -n 1)"
cd "$tmp"
npm init -y >/dev/null
# api-resources/nestjs defines its module with Nest's decorators, so it needs @nestjs/common and @nestjs/core
npm install --no-audit --no-fund --ignore-scripts "$tmp/$tarball" reflect-metadata express handlebars knex kysely@0.28 @nestjs/common@11 @nestjs/core@11 rxjs@7 >/dev/null
entries=$(node -e 'const e=require("./node_modules/api-resources/package.json").exports; console.log(Object.keys(e).filter(k=>k!=="./package.json").map(k=>"api-resources"+k.slice(1)).join(" "))')
for entry in $entries; do
  node -e "require('reflect-metadata'); const m = require('$entry'); if (!Object.keys(m).length) throw new Error('empty: $entry'); console.log('require $entry:', Object.keys(m).length, 'exports')"
  node --input-type=module -e "import 'reflect-metadata'; const m = await import('$entry'); if (!Object.keys(m).length) throw new Error('empty: $entry'); console.log('import  $entry:', Object.keys(m).length, 'exports')"
done

# The installed package renders the bar with its own (built-in) templates.
node -e "
const { LengthAwarePaginator } = require('api-resources')
new LengthAwarePaginator([1], { total: 30, perPage: 10, currentPage: 2, path: '/posts' }).links().then((html) => {
  if (!html.includes('aria-current=\"page\"')) throw new Error('no bar rendered: ' + html.slice(0, 200))
  console.log('links() renders the built-in pagination templates')
})"

# The declarations type-check for a strict consumer that does not skip library checks.
npm install --no-audit --no-fund --ignore-scripts @types/express @types/node@20 >/dev/null
cat > check.ts <<'TS'
import 'reflect-metadata'
import { Field, JsonResource, LengthAwarePaginator, MISSING } from 'api-resources'
import { apiResources, respond, resourceErrors } from 'api-resources/express'
import { registerPaginationHelpers } from 'api-resources/handlebars'
import { paginate as knexPaginate } from 'api-resources/knex'
import { paginate as kyselyPaginate } from 'api-resources/kysely'

class UserResource extends JsonResource<{ id: number; name: string }> {
  @Field() id!: number
  @Field() name!: string
}
const page = new LengthAwarePaginator([{ id: 1, name: 'a' }], { total: 1, perPage: 10 })
const payload: unknown = UserResource.collection(page).toPayload()
const name: string = new UserResource({ id: 1, name: "a" }).resource.name
void [payload, name, MISSING, apiResources, respond, resourceErrors, registerPaginationHelpers, knexPaginate, kyselyPaginate]
TS
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "strict": true, "noEmit": true, "module": "node16", "moduleResolution": "node16",
  "target": "ES2022", "experimentalDecorators": true, "emitDecoratorMetadata": true, "skipLibCheck": false,
  "types": ["node"] }, "files": ["check.ts"] }
JSON
node "$root/node_modules/typescript/bin/tsc" -p tsconfig.json
echo "declarations type-check for a strict consumer (skipLibCheck: false)"

# Standard (TC39) decorators, in a project without reflect-metadata: the declarations type-check
# with experimentalDecorators off, and the compiled program runs.
std="$tmp/standard"
mkdir -p "$std"
cd "$std"
npm init -y >/dev/null
npm install --no-audit --no-fund --ignore-scripts "$tmp/$tarball" @types/node@20 >/dev/null
if [ -d node_modules/reflect-metadata ]; then echo "reflect-metadata must not be installed here"; exit 1; fi
cat > main.ts <<'TS'
import { Field, JsonResource, WhenLoaded } from 'api-resources'

class TagResource extends JsonResource<{ name: string }> {
  @Field() name!: string
}
class PostResource extends JsonResource<{ id: number; title: string; tags?: { name: string }[] }> {
  @Field() id!: number
  @Field() get title() {
    return this.resource.title.toUpperCase()
  }
  @WhenLoaded(() => TagResource) tags!: unknown
}
const json = JSON.stringify(new PostResource({ id: 1, title: 'hi', tags: [{ name: 'ts' }] }))
if (json !== '{"data":{"id":1,"title":"HI","tags":[{"name":"ts"}]}}') throw new Error(json)
console.log('standard decorators without reflect-metadata:', json)
TS
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "strict": true, "module": "node16", "moduleResolution": "node16",
  "target": "ES2022", "experimentalDecorators": false, "skipLibCheck": false, "types": ["node"],
  "outDir": "out" }, "files": ["main.ts"] }
JSON
node "$root/node_modules/typescript/bin/tsc" -p tsconfig.json
node out/main.js
