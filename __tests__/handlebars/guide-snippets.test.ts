// Runs every runnable ```ts snippet of docs/guide/html-bar.md (top-level await allowed) and checks that
// what it prints matches its `// =>` comments, so the guide stays true.
import { describeGuideSnippets } from '../support/guide-snippets'

describeGuideSnippets('html-bar.md', { atLeast: 5 })
