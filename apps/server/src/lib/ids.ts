import { isId } from '@toolworks/shared'

/**
 * @deprecated The id rule lives in packages/shared/src/ids.ts (issue 26 §4): import `isId` from
 * `@toolworks/shared`. Kept only for the orders and quote-acceptance files still being moved into
 * flows; remove it once they import `isId`.
 */
export const isUuid = isId
