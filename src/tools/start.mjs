// `npm start`: builds first when dist/ is missing or older than the sources, then serves the build.
import { pathToFileURL } from 'node:url'
import { builtServer, ensureBuild } from './ensure-build.mjs'

ensureBuild()
await import(pathToFileURL(builtServer).href)
