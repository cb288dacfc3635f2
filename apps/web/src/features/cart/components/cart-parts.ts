// The cart's parts the layout and the tool cards load after the first render (lazy-cart.tsx),
// in one chunk behind one import.
export { AddToCartButton } from './add-to-cart-button'
export { CartButton } from './cart-button'
export { CartSync } from './cart-sync'
