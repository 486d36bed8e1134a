// The snippets of docs/readme/openapi.md run and print what their comments say.
import { describeReadmeSnippets } from '../support/readme-snippets'

describeReadmeSnippets('openapi.md', { atLeast: 3 })
