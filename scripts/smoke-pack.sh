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
npm install --no-audit --no-fund --ignore-scripts "$tmp/$tarball" reflect-metadata express handlebars knex kysely@0.28 >/dev/null
entries=$(node -e 'const e=require("./node_modules/api-resources/package.json").exports; console.log(Object.keys(e).filter(k=>k!=="./package.json").map(k=>"api-resources"+k.slice(1)).join(" "))')
for entry in $entries; do
  node -e "require('reflect-metadata'); const m = require('$entry'); if (!Object.keys(m).length) throw new Error('empty: $entry'); console.log('require $entry:', Object.keys(m).length, 'exports')"
  node --input-type=module -e "import 'reflect-metadata'; const m = await import('$entry'); if (!Object.keys(m).length) throw new Error('empty: $entry'); console.log('import  $entry:', Object.keys(m).length, 'exports')"
done
