import type { AdminShow, ShowInput, ShowListFilter } from '@artist/contracts';
import { injectListEndpoints } from '../../app/api.js';

export const showsApi = injectListEndpoints('/admin/shows', 'Show', (shows) => ({
  getShows: shows.list<AdminShow, ShowListFilter>(),
  createShow: shows.create<AdminShow, ShowInput>(),
  updateShow: shows.update<AdminShow, ShowInput>(),
  deleteShow: shows.remove<void, number>(),
}));

export const {
  useGetShowsQuery,
  useCreateShowMutation,
  useUpdateShowMutation,
  useDeleteShowMutation,
} = showsApi;
