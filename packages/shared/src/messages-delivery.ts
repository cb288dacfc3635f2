/**
 * The delivery block: the words of the checkout's and the profile's structured
 * address. The street line keeps the seed's label, "Address", so the seed's form reads the same.
 */
export const deliveryWords = {
  legend: 'Delivery address',
  company: 'Company',
  street: 'Address',
  city: 'City',
  postcode: 'Postcode',
  streetRequired: 'address is required',
  cityRequired: 'city is required',
  postcodeRequired: 'postcode is required',
  postcodeInvalid: 'postcode may hold only letters, digits, spaces and hyphens (2 to 12)',
  companyTooLong: 'company is too long',
  streetTooLong: 'address is too long',
  cityTooLong: 'city is too long',
} as const
