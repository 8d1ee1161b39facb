import type { GalleryPhoto } from '@artist/contracts';
import { api } from '../../app/api.js';

export const galleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The gallery's photos in the artist's order. */
    getGallery: build.query<GalleryPhoto[], void>({
      query: () => '/gallery',
    }),
  }),
});

export const { useGetGalleryQuery } = galleryApi;
