/**
 * How the search reads its words: each word of the query, or a run of words that
 * is one of the shop's synonyms, becomes a unit; a tool matches when it matches every unit.
 * A unit matches by any of its phrases (the words as typed, or every synonym of the run), each
 * word as the start of a word of the tool; a long enough single word also matches the
 * catalogue's words like it by trigram similarity (withTypoWords), so a letter or two may be
 * wrong.
 */
export type SearchUnit = {
  /** Phrases, each a list of word prefixes that must all be found. */
  phrases: string[][]
  /** The word to match by similarity against the catalogue's words (typos), or null. */
  typo: string | null
}

/** Words shorter than this are not matched by similarity: too few trigrams to tell. */
export const TYPO_MIN_LENGTH = 4
/** The last word of a query this long may be the start of a synonym ("spann" → spanner). */
const PREFIX_MIN_LENGTH = 3
const WORDS_MAX = 8

/** Letters and digits of a search, lower-cased: safe to hand to to_tsquery. */
export function searchWords(q: string | undefined): string[] {
  return (
    (q ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, WORDS_MAX) ?? []
  )
}

function wordMatches(word: string, term: string, last: boolean): boolean {
  if (word === term || word === `${term}s` || word === `${term}es`) return true
  return last && word.length >= PREFIX_MIN_LENGTH && term.startsWith(word)
}

/** The query's words as units, runs that are synonyms expanded to their whole group. */
export function searchUnits(words: readonly string[], groups: readonly string[][]): SearchUnit[] {
  const terms = groups
    .flatMap((group, g) => group.map((term) => ({ words: searchWords(term), group: g })))
    .filter((t) => t.words.length > 0)
    .sort((a, b) => b.words.length - a.words.length)
  const units: SearchUnit[] = []
  let i = 0
  while (i < words.length) {
    const match = terms.find(
      (t) =>
        i + t.words.length <= words.length &&
        t.words.every((tw, j) => wordMatches(words[i + j] ?? '', tw, i + j === words.length - 1)),
    )
    if (match) {
      const typed = words.slice(i, i + match.words.length)
      const phrases = [typed, ...(groups[match.group] ?? []).map((term) => searchWords(term))]
      const seen = new Set<string>()
      units.push({
        phrases: phrases.filter((p) => {
          const key = p.join(' ')
          if (seen.has(key)) return false
          seen.add(key)
          return true
        }),
        typo:
          typed.length === 1 && (typed[0]?.length ?? 0) >= TYPO_MIN_LENGTH
            ? (typed[0] ?? null)
            : null,
      })
      i += match.words.length
      continue
    }
    const word = words[i] ?? ''
    units.push({ phrases: [[word]], typo: word.length >= TYPO_MIN_LENGTH ? word : null })
    i += 1
  }
  return units
}

/**
 * The units with each mistyped word's stand-ins (the catalogue's words like it, from
 * typoCorrections) added as phrases of their own: "torqe" also looks for "torque".
 */
export function withTypoWords(
  units: readonly SearchUnit[],
  corrections: ReadonlyMap<string, readonly string[]>,
): SearchUnit[] {
  return units.map((unit) => {
    const words = unit.typo ? (corrections.get(unit.typo) ?? []) : []
    const known = new Set(unit.phrases.map((p) => p.join(' ')))
    const added = words.filter((w) => !known.has(w)).map((w) => [w])
    return added.length > 0 ? { ...unit, phrases: [...unit.phrases, ...added] } : unit
  })
}

/** A unit's phrases as to_tsquery text: `(spanner:* | wrench:*)`. */
export function unitTsQuery(unit: SearchUnit): string {
  return `(${unit.phrases.map((p) => p.map((w) => `${w}:*`).join(' & ')).join(' | ')})`
}

/** Every phrase of every unit, any of them: ranks the results (ts_rank). */
export function rankTsQuery(units: readonly SearchUnit[]): string {
  return units.map(unitTsQuery).join(' | ')
}
