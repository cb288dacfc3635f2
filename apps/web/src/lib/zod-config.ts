// Our CSP forbids eval (apps/server/src/plugins/security.ts). Zod probes for it with
// `new Function` to compile faster object parsers, and the refused probe is reported as a CSP
// violation on every page. Zod keeps its settings in `globalThis.__zod_globalConfig` and
// adopts an object already there, so main.tsx sets `jitless` before any chunk loads zod,
// without loading zod itself (zod is no longer in the first load).
// zod-config.test.ts checks that zod reads it.
const zodHolder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } }
// Changed in place: a zod already loaded (tests) keeps its reference to this object.
;(zodHolder.__zod_globalConfig ??= {}).jitless = true

export {}
