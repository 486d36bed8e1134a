// Runs every ```ts snippet of docs/readme/resources.md and checks that what it prints matches its
// `// =>` comments, so the README section stays true.
import 'reflect-metadata'
import { describeReadmeSnippets } from '../support/readme-snippets'

describeReadmeSnippets('resources.md', { atLeast: 5 })
