/** Demo company reviews from business buyers (addresses are reserved example domains). */
export type SeedReview = {
  customerName: string
  customer: string
  reviewText: string
  stars: number
}

export const seedReviews: SeedReview[] = [
  {
    customerName: 'Tanvir Hossain',
    customer: 'tanvir.hossain@example.com',
    reviewText:
      'We ordered 40 CNC-machined flanges for the knitting machines at our Gazipur plant. Every piece was within the ±0.05 mm tolerance on our drawing and the batch arrived in twelve days, two days earlier than promised.',
    stars: 5,
  },
  {
    customerName: 'Nusrat Jahan',
    customer: 'nusrat.jahan@example.org',
    reviewText:
      'I buy hex bolts, hinges and grinder discs for the maintenance team of a garment factory in Ashulia. Cartons are labelled clearly and the invoice always matches the packing list, which saves our store hours every month.',
    stars: 5,
  },
  {
    customerName: 'Michael Brennan',
    customer: 'm.brennan@example.com',
    reviewText:
      'Our fabrication shop in Leeds imported bench vises and spring clamps by sea freight. Shipping took about a week longer than quoted, but the vises are solid castings and the price beat our local suppliers.',
    stars: 4,
  },
  {
    customerName: 'Rafiqul Islam',
    customer: 'rafiqul.islam@example.com',
    reviewText:
      'Our ship-repair yard in Chattogram goes through welding gloves and cutting discs quickly. These discs last noticeably longer than the imported ones we used before, and reorders are dispatched within two days.',
    stars: 5,
  },
  {
    customerName: 'Farhana Akter',
    customer: 'farhana.akter@example.org',
    reviewText:
      'We needed 2,000 stamped and bent steel brackets for a furniture line in Dhaka. Their engineer suggested a small change to our drawing that removed a welding step, and the parts fit perfectly on the first try.',
    stars: 5,
  },
  {
    customerName: 'Aarav Mehta',
    customer: 'aarav.mehta@example.com',
    reviewText:
      'As a plumbing contractor in Kolkata we bought pipe wrenches and socket sets for three crews. One socket case arrived cracked; support sent a replacement the same week without any argument.',
    stars: 4,
  },
  {
    customerName: 'Karim Uddin',
    customer: 'karim.uddin@example.com',
    reviewText:
      'The torque wrenches for our auto workshop in Sylhet came with calibration certificates and were spot on when we checked them against our reference tester. A printed user guide in Bangla would be welcome.',
    stars: 4,
  },
  {
    customerName: 'Sophie Laurent',
    customer: 'sophie.laurent@example.org',
    reviewText:
      'We ordered laser-cut and bent enclosures for a maintenance contract in Lyon. Some bends in the first batch were about one degree off, which was annoying; to be fair, the corrected second batch came free of charge and was perfect.',
    stars: 3,
  },
  {
    customerName: 'Hasan Mahmud',
    customer: 'hasan.mahmud@example.com',
    reviewText:
      'Toolworks built an injection mould for the bottle caps we make in Narayanganj. The trial shots were clean, cycle time came in under our target, and they kept us updated with photos at every stage.',
    stars: 5,
  },
  {
    customerName: 'Daniel Okafor',
    customer: 'd.okafor@example.org',
    reviewText:
      'Our construction company in Lagos ordered hacksaws, files and wrench sets online. Everything was well packed and the tracking worked, though customs paperwork took a few extra days to sort out.',
    stars: 4,
  },
]
