/**
 * Places in Bangladesh, by the names a buyer types: the 64 districts (zila) in their official
 * English spellings with the common older or alternate ones, and the big cities and towns that
 * are not district names themselves. Data, not logic: `isBangladeshiPlace` compares against it.
 * Spaces and punctuation never count (placeKey), so "Moulvi Bazar" is "Moulvibazar" and needs
 * no entry of its own. The export rule (export-orders.ts) refuses a foreign delivery to any of
 * these, and a delivery district list can reuse it.
 */
export const BANGLADESH_DISTRICTS: readonly (readonly [string, ...string[]])[] = [
  // Dhaka division
  ['Dhaka', 'Dacca'],
  ['Faridpur'],
  ['Gazipur'],
  ['Gopalganj', 'Gopalgonj'],
  ['Kishoreganj', 'Kishorganj', 'Kishoregonj'],
  ['Madaripur'],
  ['Manikganj', 'Manikgonj'],
  ['Munshiganj', 'Munshigonj'],
  ['Narayanganj', 'Narayangonj', 'Narayangang'],
  ['Narsingdi', 'Narshingdi', 'Narsinghdi'],
  ['Rajbari'],
  ['Shariatpur'],
  ['Tangail'],
  // Chattogram division
  ['Bandarban'],
  ['Brahmanbaria', 'Brahmonbaria'],
  ['Chandpur'],
  ['Chattogram', 'Chittagong', 'Chottogram'],
  ['Cumilla', 'Comilla'],
  ["Cox's Bazar", 'Cox Bazar'],
  ['Feni'],
  ['Khagrachhari', 'Khagrachari', 'Khagrachori'],
  ['Lakshmipur', 'Laxmipur', 'Lakhipur'],
  ['Noakhali'],
  ['Rangamati', 'Rangamatti'],
  // Rajshahi division
  ['Bogura', 'Bogra'],
  ['Joypurhat', 'Jaipurhat'],
  ['Naogaon'],
  ['Natore'],
  ['Chapai Nawabganj'],
  ['Pabna'],
  ['Rajshahi'],
  ['Sirajganj', 'Serajganj', 'Sirajgonj'],
  // Khulna division
  ['Bagerhat'],
  ['Chuadanga'],
  ['Jashore', 'Jessore'],
  ['Jhenaidah', 'Jhenaida', 'Jhinaidah'],
  ['Khulna'],
  ['Kushtia'],
  ['Magura'],
  ['Meherpur'],
  ['Narail'],
  ['Satkhira'],
  // Barishal division
  ['Barguna'],
  ['Barishal', 'Barisal'],
  ['Bhola'],
  ['Jhalokati', 'Jhalakathi', 'Jhalokathi', 'Jhalakati'],
  ['Patuakhali'],
  ['Pirojpur'],
  // Sylhet division
  ['Habiganj', 'Hobiganj'],
  ['Moulvibazar', 'Maulvibazar'],
  ['Sunamganj', 'Sunamgonj'],
  ['Sylhet'],
  // Rangpur division
  ['Dinajpur'],
  ['Gaibandha'],
  ['Kurigram'],
  ['Lalmonirhat'],
  ['Nilphamari'],
  ['Panchagarh', 'Panchagar'],
  ['Rangpur'],
  ['Thakurgaon'],
  // Mymensingh division
  ['Jamalpur'],
  ['Mymensingh', 'Mymensing'],
  ['Netrokona', 'Netrakona'],
  ['Sherpur'],
]

/** Cities and towns that are not district names: city corporations, upazila seats, suburbs. */
export const BANGLADESH_CITIES: readonly string[] = [
  'Savar',
  'Tongi',
  'Ashulia',
  'Keraniganj',
  'Siddhirganj',
  'Bhairab',
  'Sreepur',
  'Kaliakair',
  'Saidpur',
  'Ishwardi',
  'Sreemangal',
  'Srimangal',
  'Teknaf',
  'Sitakunda',
  'Mongla',
  'Benapole',
  'Chattogram City',
  'Dhaka City',
]

/**
 * A place name as compared: letters only, lower case, accents dropped, so "Cox's Bazar",
 * "coxs-bazar" and "Dhaka-1212" read as "coxsbazar" and "dhaka".
 */
export function placeKey(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '')
}

const PLACE_KEYS = new Set(
  [...BANGLADESH_DISTRICTS.flat(), ...BANGLADESH_CITIES].map(placeKey).filter((k) => k !== ''),
)

/** Whether a city (or one part of an address) names a district or city of Bangladesh. */
export function isBangladeshiPlace(name: string): boolean {
  const key = placeKey(name)
  return key !== '' && PLACE_KEYS.has(key)
}

/**
 * Whether a phone number is Bangladeshi: +880…, 00880… or 880…, or a local mobile number
 * 01XXXXXXXXX (eleven digits). Spaces, dots, hyphens and brackets are ignored.
 */
export function isBangladeshiPhone(phone: string): boolean {
  const digits = phone.replace(/[\s().-]/g, '')
  return /^(?:\+|00)?880\d{6,}$/.test(digits) || /^01\d{9}$/.test(digits)
}
