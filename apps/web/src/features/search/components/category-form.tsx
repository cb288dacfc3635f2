import { useId, useState, type FormEvent } from 'react'

import {
  ATTRIBUTE_TYPES,
  catalogAdminWords as w,
  CategoryCreateBodySchema,
  type Category,
  type CategoryAttribute,
  type CategoryCreateBody,
} from '@toolworks/shared'

type AttributeDraft = Omit<CategoryAttribute, 'values' | 'unit'> & { values: string; unit: string }

const blankAttribute = (): AttributeDraft => ({
  key: '',
  label: '',
  unit: '',
  type: 'number',
  values: '',
  filterable: true,
  required: false,
})

const draftOf = (a: CategoryAttribute): AttributeDraft => ({
  ...a,
  unit: a.unit ?? '',
  values: a.values.join(', '),
})

type CategoryFormProps = {
  /** The category edited; undefined for a new one. */
  category?: Category
  /** Possible parents: categories of the first two levels, the edited one left out. */
  parents: readonly Category[]
  pending: boolean
  onSave: (body: CategoryCreateBody) => void
  onCancel?: () => void
}

/** A category: name, slug, description, parent, and its specification attributes. */
export function CategoryForm({ category, parents, pending, onSave, onCancel }: CategoryFormProps) {
  const id = useId()
  const [attributes, setAttributes] = useState<AttributeDraft[]>(
    category?.attributes.map(draftOf) ?? [],
  )
  const [problem, setProblem] = useState<string | null>(null)

  const change = (index: number, patch: Partial<AttributeDraft>) =>
    setAttributes((list) => list.map((a, i) => (i === index ? { ...a, ...patch } : a)))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const parsed = CategoryCreateBodySchema.safeParse({
      name: data.get('name'),
      slug: data.get('slug'),
      description: data.get('description'),
      parent: data.get('parent') || null,
      attributes: attributes.map((a) => ({
        ...a,
        unit: a.unit.trim() || null,
        values:
          a.type === 'enum'
            ? a.values
                .split(',')
                .map((v) => v.trim())
                .filter(Boolean)
            : [],
      })),
    })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      setProblem(issue ? `${issue.path.join('.')}: ${issue.message}` : null)
      return
    }
    setProblem(null)
    onSave(parsed.data)
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-xl font-bold">
        {category ? w.editCategory(category.name) : w.newCategory}
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{w.name}</span>
          <input name="name" required defaultValue={category?.name} className="input w-full" />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{w.slug}</span>
          <input name="slug" required defaultValue={category?.slug} className="input w-full" />
        </label>
        <label className="flex flex-col gap-1 md:col-span-2">
          <span className="text-sm font-medium">{w.description}</span>
          <textarea
            name="description"
            defaultValue={category?.description}
            className="textarea w-full"
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{w.parent}</span>
          <select name="parent" defaultValue={category?.parent ?? ''} className="select w-full">
            <option value="">{w.noParent}</option>
            {parents.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="space-y-3">
        <legend className="font-bold">{w.attributes}</legend>
        {attributes.map((a, i) => (
          <AttributeRow
            key={i}
            attribute={a}
            onChange={(patch) => change(i, patch)}
            onRemove={() => setAttributes((list) => list.filter((_, j) => j !== i))}
          />
        ))}
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={() => setAttributes((list) => [...list, blankAttribute()])}
        >
          {w.addAttribute}
        </button>
      </fieldset>
      {problem && (
        <p role="alert" className="text-error">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" />}
          {w.save}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            {w.cancel}
          </button>
        )}
      </div>
    </form>
  )
}

type AttributeRowProps = {
  attribute: AttributeDraft
  onChange: (patch: Partial<AttributeDraft>) => void
  onRemove: () => void
}

function AttributeRow({ attribute: a, onChange, onRemove }: AttributeRowProps) {
  const field = 'flex flex-col gap-1 text-sm'
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-box border border-base-300 p-3">
      <label className={field}>
        {w.attributeKey}
        <input
          value={a.key}
          onChange={(e) => onChange({ key: e.target.value })}
          className="input input-sm w-28"
        />
      </label>
      <label className={field}>
        {w.attributeLabel}
        <input
          value={a.label}
          onChange={(e) => onChange({ label: e.target.value })}
          className="input input-sm w-36"
        />
      </label>
      <label className={field}>
        {w.attributeUnit}
        <input
          value={a.unit}
          onChange={(e) => onChange({ unit: e.target.value })}
          className="input input-sm w-20"
        />
      </label>
      <label className={field}>
        {w.attributeType}
        <select
          value={a.type}
          onChange={(e) => onChange({ type: e.target.value as AttributeDraft['type'] })}
          className="select select-sm w-28"
        >
          {ATTRIBUTE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      {a.type === 'enum' && (
        <label className={`${field} min-w-48 flex-1`}>
          {w.attributeValues}
          <input
            value={a.values}
            onChange={(e) => onChange({ values: e.target.value })}
            className="input input-sm w-full"
          />
        </label>
      )}
      <label className="flex items-center gap-1 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={a.filterable}
          onChange={(e) => onChange({ filterable: e.target.checked })}
        />
        {w.attributeFilterable}
      </label>
      <label className="flex items-center gap-1 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={a.required}
          onChange={(e) => onChange({ required: e.target.checked })}
        />
        {w.attributeRequired}
      </label>
      <button
        type="button"
        className="btn btn-sm btn-ghost text-error"
        onClick={onRemove}
        aria-label={w.removeAttribute(a.key)}
      >
        ✕
      </button>
    </div>
  )
}
