import { messages } from '@toolworks/shared'

const m = messages.homeSections

// Made in-house for the demo shop (public/partners); one file per name of messages.ts, in order.
const LOGO_FILES = [
  'meghna-steel',
  'karnaphuli-castings',
  'padma-freight',
  'rupsha-plastics',
  'jamuna-fasteners',
  'surma-power-tools',
] as const

/** docs/product.md §2 Home 4: six partner logos, 1 column small, 2 medium, 6 large (§9). */
export function BusinessPartners() {
  return (
    <section aria-labelledby="partners-title" className="bg-base-100 py-14">
      <div className="page-container">
        <h2 id="partners-title" className="section-title">
          {m.partnersTitle}
        </h2>
        <div className="title-rule" />
        <p className="mt-4 max-w-2xl text-base-content/75">{m.partnersText}</p>
        <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-6">
          {m.partners.map((name, i) => (
            <li
              key={name}
              data-testid="partner-logo"
              className="flex items-center justify-center rounded-box border border-base-300 bg-base-200/60 px-4 py-3"
            >
              <img
                src={`/partners/${LOGO_FILES[i]}.svg`}
                alt={m.partnerLogo(name)}
                width={240}
                height={96}
                loading="lazy"
                decoding="async"
                className="h-auto w-full max-w-56"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
