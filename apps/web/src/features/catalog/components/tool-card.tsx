import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'

import { messages, type Tool } from '@toolworks/shared'

import { useMoney } from '@/lib/currency'

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
  const money = useMoney()

  return (
    <article
      data-testid="tool-card"
      aria-labelledby={nameId}
      className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      {/* Name and image lead to the tool's public page; the image's link repeats the
          name's for a mouse, so it stays out of the tab order. */}
      <Link to={paths.product(tool._id)} tabIndex={-1} className="block aspect-[4/3] bg-base-300">
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
      </Link>
      <div className="card-body gap-3 p-5">
        <Heading id={nameId} className="card-title text-lg leading-snug">
          <Link to={paths.product(tool._id)} className="hover:underline">
            {tool.name}
          </Link>
        </Heading>
        <ul className="space-y-1 text-sm">
          {/* The seed's words, each fact on one line with its figure beside it. */}
          <li className="flex justify-between gap-2">
            <span className="text-base-content/70">{catalog.availableQuantity}:</span>{' '}
            <span className="font-semibold tabular-nums">{tool.quantity}</span>
          </li>
          <li className="flex justify-between gap-2">
            <span className="text-base-content/70">{catalog.minimumQuantity}:</span>{' '}
            <span className="font-semibold tabular-nums">{tool.minimum}</span>
          </li>
        </ul>
        {/* The badge wraps under the price flush left, never indented on its own. */}
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="whitespace-nowrap">
            <span className="text-sm text-base-content/70">{catalog.price}:</span>{' '}
            <span className="text-xl font-extrabold">{money.price(tool.price)}</span>
          </span>
          {tool.priceBreaks.length > 0 && (
            <span className="badge badge-neutral">{messages.ordering.volumePricing}</span>
          )}
        </p>
        {/* Three whole lines: the height is three lines exactly, so no part of a fourth shows. */}
        <p className="line-clamp-3 max-h-15 text-sm leading-5 text-base-content/80">
          {tool.description}
        </p>
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
