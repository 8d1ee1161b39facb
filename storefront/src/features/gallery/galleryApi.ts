import { GALLERY_PHOTOS_ID, type GalleryPhoto } from '@artist/contracts';
import { api } from '../../app/api.js';
import { embeddedJson } from '../../shared/embedded.js';

export const galleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The gallery's photos in the artist's order. */
    getGallery: build.query<GalleryPhoto[], void>({
      query: () => '/gallery',
    }),
  }),
});

export const { useGetGalleryQuery } = galleryApi;

/**
 * The photos the server embedded in the home page, if any: with them the gallery is laid out
 * with the page, so nothing below it moves when they arrive.
 */
export const embeddedGallery = () => embeddedJson<GalleryPhoto[]>(GALLERY_PHOTOS_ID);
