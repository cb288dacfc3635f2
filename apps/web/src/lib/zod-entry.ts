// One small export of zod for src/lib/zod-warm.ts: importing this chunk evaluates zod's shared
// chunk (the code every contract uses) in a task of its own.
export { object } from 'zod'
