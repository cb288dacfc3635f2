import { messages, type Tool } from '@toolworks/shared'

import { CataloguePrice } from '@/components/ui/catalogue-price'

import { toolImageSrcSet } from './tool-image'

// Full width below lg, then half of a container at most 80rem wide.
const DETAIL_IMAGE_SIZES = '(min-width: 1280px) 608px, (min-width: 1024px) 50vw, 100vw'

/** A tool's picture and facts, as the purchase page shows them (docs/product.md §2). */
export function ToolDetail({ tool }: { tool: Tool }) {
  const { catalog } = messages
  return (
    <article className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm">
      <figure className="aspect-[4/3] bg-base-300">
        <img
          src={tool.image}
          srcSet={toolImageSrcSet(tool.image)}
          sizes={DETAIL_IMAGE_SIZES}
          width={800}
          height={600}
          alt={tool.name}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <h2 className="card-title text-2xl">{tool.name}</h2>
        <ul className="space-y-1">
          <li>
            <span className="text-base-content/70">{catalog.availableQuantity}:</span>{' '}
            <span className="font-semibold" data-testid="available-quantity">
              {tool.quantity}
            </span>
          </li>
          <li>
            <span className="text-base-content/70">{catalog.minimumQuantity}:</span>{' '}
            <span className="font-semibold">{tool.minimum}</span>
          </li>
        </ul>
        <p>
          <span className="text-sm text-base-content/70">{catalog.price}:</span>{' '}
          <CataloguePrice usd={tool.price} className="text-xl font-extrabold" />
        </p>
        <p className="text-base-content/80">{tool.description}</p>
      </div>
    </article>
  )
}
