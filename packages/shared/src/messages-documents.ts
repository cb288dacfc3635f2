/** The words of a tool's uploaded documents: the admin's upload, list and delete. */
export const documentMessages = {
  missingFile: 'Choose a file to upload.',
  kindRequired: 'Choose what the document is: a datasheet, CAD file, manual or certificate.',
  nameBad: 'A document name is 1-120 characters.',
  notAccepted: (name: string) =>
    `${name} is not a PDF, STEP, DXF, PNG or JPG file. Only those can be product documents.`,
  tooLarge: (mb: number) => `A document may be at most ${mb} MB.`,
  tooMany: (max: number) => `A tool has at most ${max} documents; delete one first.`,
  notFound: 'Document not found',
  toolNotFound: 'Tool not found',
  // The edit form's Documents section.
  section: 'Documents',
  sectionHint: 'Datasheets, CAD files (STEP, DXF), manuals and certificates, up to 20 MB each.',
  kindLabel: 'Document kind',
  nameLabel: 'Document name',
  fileLabel: 'Document file',
  upload: 'Upload document',
  uploading: 'Uploading…',
  uploaded: (name: string) => `${name} uploaded.`,
  remove: (name: string) => `Delete ${name}`,
  removed: (name: string) => `${name} deleted.`,
  none: 'No documents yet.',
  kinds: {
    datasheet: 'Datasheet',
    cad: 'CAD file',
    manual: 'Manual',
    certificate: 'Certificate',
  },
} as const

/** The search fields on Add Product and the edit form. */
export const productCatalogFieldMessages = {
  partNumber: 'Part number',
  partNumberHint: 'Optional: 3-32 characters of A-Z 0-9 - . /',
  category: 'Category',
  noCategory: 'No category',
  specifications: 'Specifications',
  specificationsHint: 'Fields marked * are required for this category.',
  chooseOne: 'Choose…',
  required: (label: string) => `${label} *`,
} as const
