import { describeCursorTypes } from './cursor-types-suite'

describeCursorTypes('process time zone')
