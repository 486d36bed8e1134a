// Runs every runnable ```ts snippet of docs/guide/writing-adapters.md (top-level await allowed) and checks that
// what it prints matches its `// =>` comments, so the guide stays true.
import { describeGuideSnippets } from '../support/guide-snippets'

describeGuideSnippets('writing-adapters.md', { atLeast: 1 })
