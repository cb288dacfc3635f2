/** Synonym groups as the admin edits them: one group a line, words separated by commas. */
export const synonymsToText = (groups: readonly (readonly string[])[]) =>
  groups.map((g) => g.join(', ')).join('\n')

/** The text back into groups; blank lines and empty words are dropped. */
export const textToSynonyms = (text: string): string[][] =>
  text
    .split('\n')
    .map((line) =>
      line
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean),
    )
    .filter((group) => group.length > 0)
