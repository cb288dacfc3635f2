import type { ReactNode } from 'react'

import { messages } from '@toolworks/shared'

import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.about

const socialIcon = (path: ReactNode) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5 fill-current">
    {path}
  </svg>
)

// Placeholder profiles (docs/product.md §2): the networks' home pages until the team's own exist.
const NETWORKS = [
  {
    label: m.social.linkedin,
    href: 'https://www.linkedin.com/',
    icon: socialIcon(
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.3c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V21h-4z" />,
    ),
  },
  {
    label: m.social.facebook,
    href: 'https://www.facebook.com/',
    icon: socialIcon(
      <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z" />,
    ),
  },
  {
    label: m.social.x,
    href: 'https://x.com/',
    icon: socialIcon(
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />,
    ),
  },
]

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('')

function TeamCard({ member }: { member: (typeof m.team)[number] }) {
  return (
    <article
      data-testid="team-card"
      aria-labelledby={`team-${initials(member.name)}`}
      className="flex h-full flex-col items-center rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-sm"
    >
      <span
        aria-hidden="true"
        className="grid size-20 place-items-center rounded-full bg-secondary text-2xl font-extrabold text-secondary-content ring-4 ring-primary/30"
      >
        {initials(member.name)}
      </span>
      <h3 id={`team-${initials(member.name)}`} className="mt-4 text-lg font-bold">
        {member.name}
      </h3>
      <p className="text-sm font-semibold text-accent">{member.role}</p>
      <p className="mt-3 flex-1 text-base-content/80">{member.bio}</p>
      <ul className="mt-4 flex gap-2">
        {NETWORKS.map((network) => (
          <li key={network.label}>
            <a
              href={network.href}
              rel="noopener noreferrer"
              aria-label={m.socialLink(member.name, network.label)}
              className="btn btn-circle btn-ghost btn-sm text-secondary"
            >
              {network.icon}
            </a>
          </li>
        ))}
      </ul>
    </article>
  )
}

/** docs/product.md §2 About Us: the company blurb and four team cards with placeholder social links. */
export function MyPortfolioRoute() {
  useDocumentTitle(m.title, messages.seo.about)
  return (
    <div className="page-container py-12">
      <p className="text-sm font-bold tracking-widest text-accent uppercase">{m.eyebrow}</p>
      <h1 className="page-title mt-2">{m.title}</h1>
      <div className="title-rule" />
      <div className="mt-6 max-w-3xl space-y-4 text-lg">
        <p className="font-semibold">{m.intro}</p>
        {m.text.map((paragraph) => (
          <p key={paragraph} className="text-base-content/80">
            {paragraph}
          </p>
        ))}
      </div>

      <section aria-labelledby="capabilities-title" className="mt-14">
        <h2 id="capabilities-title" className="section-title">
          {m.capabilitiesTitle}
        </h2>
        <div className="title-rule" />
        <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {m.capabilities.map((capability) => (
            <li
              key={capability.name}
              className="rounded-box border border-base-300 border-l-4 border-l-primary bg-base-100 p-5"
            >
              <h3 className="text-lg font-bold">{capability.name}</h3>
              <p className="mt-1 text-base-content/80">{capability.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="team-title" className="mt-14">
        <h2 id="team-title" className="section-title">
          {m.teamTitle}
        </h2>
        <div className="title-rule" />
        <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
          {m.team.map((member) => (
            <li key={member.name}>
              <TeamCard member={member} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
