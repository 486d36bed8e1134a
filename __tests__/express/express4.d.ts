// express4 is Express 4 installed under an npm alias; its API is typed like Express's.
declare module 'express4' {
  import express = require('express')
  export = express
}
