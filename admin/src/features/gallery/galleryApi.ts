import { LIST_PAGE_SIZE_MAX, type GalleryPhoto, type ListPage } from '@artist/contracts';
import { api } from '../../app/api.js';

/** The whole gallery on one page: the API holds at most one largest page of photos. */
const LIST_URL = `/admin/gallery?pageSize=${LIST_PAGE_SIZE_MAX}`;
const LIST = { type: 'GalleryPhoto', id: 'LIST' } as const;

export const galleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGalleryPhotos: build.query<ListPage<GalleryPhoto, never>, void>({
      query: () => LIST_URL,
      providesTags: [LIST],
    }),
    uploadPhoto: build.mutation<GalleryPhoto, { photo: File; alt: string }>({
      query: ({ photo, alt }) => {
        const body = new FormData();
        body.append('alt', alt);
        body.append('photo', photo);
        return { url: '/admin/gallery', method: 'POST', body };
      },
      invalidatesTags: [LIST],
    }),
    updatePhotoAlt: build.mutation<GalleryPhoto, { id: number; alt: string }>({
      query: ({ id, alt }) => ({ url: `/admin/gallery/${id}`, method: 'PATCH', body: { alt } }),
      invalidatesTags: [LIST],
    }),
    deletePhoto: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/gallery/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    /**
     * The list takes the new order at once; the server's answer confirms it, and a failure puts
     * the old order back (the caller tells the artist).
     */
    reorderPhotos: build.mutation<GalleryPhoto[], number[]>({
      query: (ids) => ({ url: '/admin/gallery/order', method: 'PUT', body: { ids } }),
      async onQueryStarted(ids, { dispatch, queryFulfilled }) {
        const moved = dispatch(
          galleryApi.util.updateQueryData('getGalleryPhotos', undefined, (page) => {
            const byId = new Map(page.rows.map((photo) => [photo.id, photo]));
            page.rows = ids.flatMap((id) => byId.get(id) ?? []);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            galleryApi.util.updateQueryData('getGalleryPhotos', undefined, (page) => {
              page.rows = data;
            }),
          );
        } catch {
          moved.undo();
        }
      },
    }),
  }),
});

export const {
  useGetGalleryPhotosQuery,
  useUploadPhotoMutation,
  useUpdatePhotoAltMutation,
  useDeletePhotoMutation,
  useReorderPhotosMutation,
} = galleryApi;
