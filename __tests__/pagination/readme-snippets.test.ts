// Runs every ```ts snippet of docs/readme/writing-adapters.md and checks that what it prints
// matches its `// =>` comments, so the README section stays true.
import { describeReadmeSnippets } from '../support/readme-snippets'

describeReadmeSnippets('writing-adapters.md', { atLeast: 1 })
