export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A data block: `type` is not JavaScript, so the browser never runs it. The CSP
 * (plugins/security.ts: `script-src 'self'`, no 'unsafe-inline') still holds: it governs
 * scripts that execute, and a data block is not executed, so no hash or nonce is needed.
 * JSON allows `<` only inside strings, where `\u003c` means the same; without any `<`, a
 * value such as `</script><script>…` cannot close the element.
 */
export const dataBlock = (type: string, json: string, id?: string) =>
  `<script type="${type}"${id ? ` id="${id}"` : ''}>${json.replace(/</g, '\\u003c')}</script>`
