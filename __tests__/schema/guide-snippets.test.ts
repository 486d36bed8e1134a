// Runs every runnable ```ts snippet of docs/guide/openapi.md and checks that what it prints matches its
// `// =>` comments, so the guide stays true.
import 'reflect-metadata'
import { describeGuideSnippets } from '../support/guide-snippets'

describeGuideSnippets('openapi.md', { atLeast: 3 })
