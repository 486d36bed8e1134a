// Runs every ```ts snippet of docs/readme/html-bar.md (top-level await allowed) and checks that
// what it prints matches its `// =>` comments, so the README section stays true.
import { describeReadmeSnippets } from '../support/readme-snippets'

describeReadmeSnippets('html-bar.md', { atLeast: 5 })
