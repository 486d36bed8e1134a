// Cloudflare Workers: `export default app` (wrangler.toml: compatibility_flags = ["nodejs_compat"]).
import { app } from './app'

export default app
