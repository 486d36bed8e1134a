// Runs every ```ts snippet of docs/readme/jsonapi.md and checks that what it prints matches its
// `// =>` comments, so the README section stays true.
import 'reflect-metadata'
import { describeReadmeSnippets } from '../support/readme-snippets'

describeReadmeSnippets('jsonapi.md', { atLeast: 2 })
