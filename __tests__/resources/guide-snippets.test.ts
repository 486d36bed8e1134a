// Runs every runnable ```ts snippet of docs/guide/resources.md (top-level await allowed) and checks that
// what it prints matches its `// =>` comments, so the guide stays true.
import 'reflect-metadata'
import { describeGuideSnippets } from '../support/guide-snippets'

describeGuideSnippets('resources.md', { atLeast: 5 })
