// The Node flags the shop's server runs with under `npm start` (scripts/start.mjs), in one place:
// the large-drawings memory test starts its server with exactly these.
//
// A small young generation and a cap on the old one make V8 collect sooner instead of growing
// the heap under load: peak memory under the benchmark fell from about 290 MB to about 170 MB.
// The live heap is a few tens of MB; caches are bounded; file bytes stream.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=256']
