import { productPageWords as w, type ToolDocument } from '@toolworks/shared'

/** The tool's documents as downloads (datasheet, CAD, manual, certificate). */
export function DocumentsList({ documents }: { documents: readonly ToolDocument[] }) {
  return (
    <section aria-labelledby="documents-heading" data-testid="documents">
      <h2 id="documents-heading" className="mb-2 text-xl font-bold">
        {w.documents}
      </h2>
      {documents.length === 0 ? (
        <p className="text-base-content/80">{w.noDocuments}</p>
      ) : (
        <ul className="space-y-2">
          {documents.map((d) => (
            <li key={d.url} className="flex flex-wrap items-center gap-2">
              <span className="badge badge-outline">{w.documentKinds[d.kind]}</span>
              {/* `download` asks the browser to save it; the server also sends it as an attachment. */}
              <a
                href={d.url}
                download
                className="link link-primary"
                aria-label={w.download(d.name)}
              >
                {d.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
