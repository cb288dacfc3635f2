import { messages } from '@toolworks/shared'

import { LazyContactForm } from './lazy-contact-forms'

const m = messages.contact

/** docs/product.md §2 Home 8: the last section of the home page. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-base-100 py-14">
      <div className="page-container grid gap-10 lg:grid-cols-[2fr_3fr]">
        <div>
          <h2 id="contact-title" className="section-title">
            {m.title}
          </h2>
          <div className="title-rule" />
          <p className="mt-4 max-w-md text-base-content/75">{m.text}</p>
        </div>
        <div className="rounded-box border border-base-300 bg-base-200/50 p-6">
          <LazyContactForm />
        </div>
      </div>
    </section>
  )
}
