// The cart feature's face: its header button and dialog (the cart's store is lib/cart-store.ts).
export { CartButton } from './CartButton';
export { LazyCartDialog as CartDialog } from './LazyCartDialog';
