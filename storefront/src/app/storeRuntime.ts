// What needs Redux Toolkit, RTK Query and react-redux on the home page, in a chunk of its own
// (`storeRuntimeChunk.ts`): the navigation and hero render without it, and it loads with the
// sections further down or when the cart is opened (docs/storefront.md, "Speed decisions").
export { Provider } from 'react-redux';
export { createStore } from './store.js';
export { selectCartCount, setCartOpen } from '../features/cart/cartSlice.js';
export { CartPanel } from '../features/cart/CartPanel.js';
export { Toaster } from '../features/toast/Toaster.js';
