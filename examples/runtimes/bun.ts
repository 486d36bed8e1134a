// Bun: `bun build bun.ts --target=bun`, then `bun run` the bundle (PORT from the environment).
import { app } from './app'

declare const Bun: { serve(options: { port: number; fetch: typeof app.fetch }): unknown }
declare const process: { env: Record<string, string | undefined> }

Bun.serve({ port: Number(process.env.PORT ?? 3000), fetch: app.fetch })
