// The words of the catalogue's lazily loaded pages: the product page and the admin's.

/** A tool's public page, /products/{id}. */
export const productPageWords = {
  breadcrumbs: 'Breadcrumbs',
  products: 'Products',
  partNumber: 'Part number',
  copyPartNumber: 'Copy part number',
  copied: 'Copied',
  specifications: 'Specifications',
  specification: 'Specification',
  value: 'Value',
  documents: 'Documents',
  noDocuments: 'No documents for this tool yet.',
  documentKinds: {
    datasheet: 'Datasheet',
    cad: 'CAD file',
    manual: 'Manual',
    certificate: 'Certificate',
  },
  download: (name: string) => `Download ${name}`,
  related: 'Related in this category',
  buying: 'Prices and ordering',
  perPack: (size: number) => `per pack of ${size}`,
  minimumOrder: (n: number) => `Minimum order: ${n}`,
  madeToOrder: (days: number | null) =>
    days
      ? `Made to order beyond stock: ships in ${days} working days`
      : 'Made to order beyond stock',
  signInToOrder: 'Sign in to order',
  signInToOrderHint: 'Sign in to order this tool; you will come back here.',
} as const

/** The admin's categories and synonyms pages. */
export const catalogAdminWords = {
  valueCount: (value: string, count: number) => `${value} (${count})`,
  categoriesTitle: 'Categories',
  synonymsTitle: 'Synonyms',
  newCategory: 'New category',
  editCategory: (name: string) => `Edit ${name}`,
  deleteCategory: (name: string) => `Delete ${name}`,
  confirmDeleteCategory: (name: string) => `Delete the category ${name}?`,
  categorySaved: 'Category saved',
  categoryDeleted: 'Category deleted',
  name: 'Name',
  slug: 'Slug',
  description: 'Description',
  parent: 'Parent',
  noParent: 'None (top level)',
  attributes: 'Attributes',
  addAttribute: 'Add attribute',
  removeAttribute: (key: string) => `Remove attribute ${key || 'without key'}`,
  attributeKey: 'Key',
  attributeLabel: 'Label',
  attributeUnit: 'Unit',
  attributeType: 'Type',
  attributeValues: 'Values (comma-separated)',
  attributeFilterable: 'Filterable',
  attributeRequired: 'Required',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  synonymsHelp:
    'One group a line: words or phrases that mean the same, separated by commas (vise, vice).',
  synonymsSaved: 'Synonyms saved',
  saveFailed: 'Could not save. Please try again.',
} as const
