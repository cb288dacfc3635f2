import { specFilterMessages } from './messages-catalog.js'

/** The words of the catalogue search, categories and synonyms. */
export const searchMessages = {
  ...specFilterMessages,
  categoryUnknown: (slug: string) => `There is no category "${slug}".`,
  categoryNotFound: 'Category not found',
  categorySlugTaken: (slug: string) => `The slug "${slug}" is already used by another category.`,
  categorySlugBad: 'A slug is 2-48 lower-case letters, digits and dashes.',
  categoryNameRequired: 'Give the category a name.',
  categoryTooDeep: 'Categories go at most 3 levels deep.',
  categoryParentLoop: 'A category cannot sit under itself or one of its sub-categories.',
  categoryHasTools: (count: number) =>
    `This category still has ${count} ${count === 1 ? 'tool' : 'tools'}; move them first.`,
  categoryHasChildren: (count: number) =>
    `This category still has ${count} sub-${count === 1 ? 'category' : 'categories'}; delete or move them first.`,
  attributeKeyBad:
    'An attribute key is a lower-case letter, then letters, digits or _ (at most 32).',
  attributeKeyTwice: (key: string) => `The attribute "${key}" is listed twice.`,
  attributeKeyInherited: (key: string) =>
    `The attribute "${key}" is already inherited from a parent category.`,
  attributeEnumValues: (key: string) => `The attribute "${key}" lists its values (at least one).`,
  partNumberBad: 'A part number is 3-32 characters: letters, digits, - . and /.',
  partNumberTaken: (partNumber: string) =>
    `The part number ${partNumber} is already used by another tool.`,
  partNotFound: 'No tool has that part number.',
  specsNeedCategory: 'Choose a category before giving specifications.',
  specUnknown: (key: string, category: string) =>
    `"${key}" is not a specification of the category ${category}.`,
  specNotNumber: (label: string) => `${label} must be a number.`,
  specNotText: (label: string) => `${label} must be text.`,
  specNotInList: (label: string, values: readonly string[]) =>
    `${label} must be one of: ${values.join(', ')}.`,
  specRequired: (label: string) => `${label} is required for this category.`,
  documentKind: 'A document is a datasheet, cad, manual or certificate.',
  documentUrl: 'A document link is a path on this shop (/…) or an http(s) address.',
  synonymGroupSize: 'A synonym group has 2 to 12 words or phrases.',
  synonymTerm: 'A synonym is 1-40 letters, digits and spaces.',
  synonymTooMany: 'At most 500 synonym groups.',
  /** 429: one address asked the catalogue faster than its read limit. */
  tooManySearches: 'Too many searches in a short time. Please wait a moment and try again.',
  /** 503: a search ran past its time limit; nothing is wrong with the query itself. */
  searchTooSlow: 'The search is taking too long right now. Please try again in a moment.',
} as const
