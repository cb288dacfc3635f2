import { http, HttpResponse } from 'msw'

import {
  categoryContract,
  searchContract,
  type Category,
  type Suggestion,
  type ToolFacets,
} from '@toolworks/shared'

/** A small tree: Cutting tools › Drill bits (diameter, material). */
export const testCategories: Category[] = [
  {
    slug: 'cutting-tools',
    name: 'Cutting tools',
    description: 'Drills, taps and cutters.',
    parent: null,
    attributes: [],
  },
  {
    slug: 'drill-bits',
    name: 'Drill bits',
    description: 'Twist drills for metal and wood.',
    parent: 'cutting-tools',
    attributes: [
      {
        key: 'diameter',
        label: 'Diameter',
        unit: 'mm',
        type: 'number',
        values: [],
        filterable: true,
        required: true,
      },
      {
        key: 'material',
        label: 'Material',
        unit: null,
        type: 'enum',
        values: ['HSS', 'HSS-Co', 'Carbide'],
        filterable: true,
        required: false,
      },
    ],
  },
]

/** GET /api/category. */
export const categoriesHandler = (categories: Category[] = testCategories) =>
  http.get(categoryContract.list.path, () => HttpResponse.json(categories))

/** GET /api/tool/facets: `facets` for every query; every request's URL is kept in `seen`. */
export function facetsHandler(facets: Partial<ToolFacets> = {}, seen: URL[] = []) {
  return http.get(searchContract.facets.path, ({ request }) => {
    seen.push(new URL(request.url))
    const body: ToolFacets = { total: 0, categories: [], specs: {}, ...facets }
    return HttpResponse.json(body)
  })
}

/** GET /api/tool/suggest: the suggestions whose name or part number contains q. */
export function suggestHandler(suggestions: Suggestion[] = []) {
  return http.get(searchContract.suggest.path, ({ request }) => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase()
    return HttpResponse.json(
      suggestions
        .filter(
          (s) => s.name.toLowerCase().includes(q) || (s.partNumber ?? '').toLowerCase().includes(q),
        )
        .slice(0, 8),
    )
  })
}

export const searchHandlers = [categoriesHandler(), facetsHandler(), suggestHandler()]
