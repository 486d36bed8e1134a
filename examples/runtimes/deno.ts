// Deno: `deno run --unstable-sloppy-imports --allow-net --allow-env --allow-read deno.ts` in a project
// with package.json (its node_modules are used).
import { app } from './app'

declare const Deno: {
  serve(options: { port: number; hostname: string }, handler: typeof app.fetch): unknown
  env: { get(name: string): string | undefined }
}

Deno.serve({ port: Number(Deno.env.get('PORT') ?? 3000), hostname: '127.0.0.1' }, app.fetch)
