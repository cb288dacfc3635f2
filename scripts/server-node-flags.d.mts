/** The Node flags of the server under `npm start` (server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[]
