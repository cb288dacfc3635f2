import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'

import { formatMoney, messages, type Tool } from '@toolworks/shared'

import { paths } from '@/lib/paths'

import { TOOL_IMAGE_SIZES, toolImageSrcSet } from './tool-image'

type ToolCardProps = {
  tool: Tool
  /** Cards in the first row are likely above the fold: load their image at once. */
  eager?: boolean
  headingLevel?: 2 | 3
  /** More actions beside Buy Now (the cart's Add to cart), given the id of the card's name. */
  action?: CardAction
}

/** What a page puts beside Buy Now on each card; `nameId` labels the action with the tool. */
export type CardAction = (tool: Tool, nameId: string) => ReactNode

export function ToolCard({ tool, eager = false, headingLevel = 3, action }: ToolCardProps) {
  const nameId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const { catalog } = messages

  return (
    <article
      data-testid="tool-card"
      aria-labelledby={nameId}
      className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      <figure className="aspect-[4/3] bg-base-300">
        <img
          src={tool.image}
          srcSet={toolImageSrcSet(tool.image)}
          sizes={TOOL_IMAGE_SIZES}
          width={800}
          height={600}
          alt={tool.name}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <Heading id={nameId} className="card-title text-lg leading-snug">
          {tool.name}
        </Heading>
        <ul className="space-y-1 text-sm">
          <li>
            <span className="text-base-content/70">{catalog.availableQuantity}:</span>{' '}
            <span className="font-semibold">{tool.quantity}</span>
          </li>
          <li>
            <span className="text-base-content/70">{catalog.minimumQuantity}:</span>{' '}
            <span className="font-semibold">{tool.minimum}</span>
          </li>
        </ul>
        <p>
          <span className="text-sm text-base-content/70">{catalog.price}:</span>{' '}
          <span className="text-xl font-extrabold">{formatMoney(tool.price)}</span>
          {tool.priceBreaks.length > 0 && (
            <span className="badge badge-neutral ml-2 align-middle">
              {messages.ordering.volumePricing}
            </span>
          )}
        </p>
        <p className="line-clamp-3 text-sm text-base-content/80">{tool.description}</p>
        <div className="card-actions mt-auto flex-col pt-2">
          <Link
            to={paths.purchase(tool._id)}
            className="btn btn-primary btn-block"
            aria-describedby={nameId}
          >
            {catalog.buyNow}
          </Link>
          {action?.(tool, nameId)}
        </div>
      </div>
    </article>
  )
}
