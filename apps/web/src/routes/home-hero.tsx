import { Link } from 'react-router'

import { messages, QUOTE_PROCESSES } from '@toolworks/shared'

import { paths } from '@/lib/paths'

const { home } = messages

/** The tiles' wire values (`machining`, ...), in the tiles' order (shared/quote-processes.ts). */
const PROCESSES = QUOTE_PROCESSES

/** `/quote?process=machining`. */
const quoteForProcess = (process: string | undefined) =>
  process ? `${paths.quote()}?process=${encodeURIComponent(process)}` : paths.quote()

export function HomeHero() {
  return (
    <section className="relative overflow-hidden bg-neutral text-neutral-content">
      {/* Faint blueprint grid: texture only. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)] bg-[size:32px_32px]"
      />
      <div className="page-container relative grid items-center gap-10 py-16 md:py-24 lg:grid-cols-[3fr_2fr]">
        <div>
          <p className="text-sm font-bold tracking-widest text-primary uppercase">
            {home.heroEyebrow}
          </p>
          <h1 className="mt-4 text-4xl font-extrabold text-white sm:text-5xl">{home.heroTitle}</h1>
          <p className="mt-6 max-w-2xl text-lg text-neutral-content/85">{home.heroText}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.products()} className="btn btn-primary btn-lg">
              {home.orderNow}
            </Link>
          </div>
        </div>
        <div className="rounded-box border border-white/10 bg-white/5 p-6">
          <h2 className="text-sm font-bold tracking-widest text-white uppercase">
            {home.capabilitiesTitle}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3">
            {home.capabilities.map((capability, index) => (
              <li key={capability}>
                {/* Each tile opens Request a Quote with its process chosen. */}
                <Link
                  to={quoteForProcess(PROCESSES[index])}
                  className="flex items-center gap-2 rounded-field border border-white/10 bg-neutral px-3 py-3 font-semibold text-neutral-content transition-colors hover:bg-white/10 hover:text-white"
                >
                  <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
                  {capability}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
