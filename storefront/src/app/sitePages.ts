// The pages other than the home page that the entry chooses from the address, in a chunk of
// their own (`sitePagesChunk.ts`): they mount the footer and the cart, which need the store.
export { ContentPage } from '../features/content/ContentPage.js';
export { NotFoundPage } from '../features/not-found/NotFoundPage.js';
