import { z } from 'zod'

// Our CSP forbids eval (apps/server/src/plugins/security.ts). Zod probes for it with
// `new Function` to compile faster object parsers, and the refused probe is reported as a CSP
// violation on every page. The setting is read as each schema is built, so main.tsx imports
// this module before anything that builds one.
z.config({ jitless: true })
