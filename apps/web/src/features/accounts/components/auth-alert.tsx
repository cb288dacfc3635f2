/** An identity error in red under the form (docs/product.md §8). */
export function AuthAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm font-semibold text-error">
      {message}
    </p>
  )
}
