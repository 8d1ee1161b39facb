import type {
  AdminShow,
  PresaleRequest,
  ShowInput,
  ShowListFilter,
  ShowPresale,
} from '@artist/contracts';
import { injectListEndpoints, listTag } from '../../app/api.js';

export const showsApi = injectListEndpoints('/admin/shows', 'Show', (shows, build) => ({
  getShows: shows.list<AdminShow, ShowListFilter>(),
  createShow: shows.create<AdminShow, ShowInput>(),
  updateShow: shows.update<AdminShow, ShowInput>(),
  deleteShow: shows.remove<void, number>(),
  /** Emails the show's presale code to the members whose tier has the perk: a new campaign. */
  sendPresale: build.mutation<ShowPresale, { id: number; body: PresaleRequest }>({
    query: ({ id, body }) => ({ url: `/admin/shows/${id}/presale`, method: 'POST', body }),
    invalidatesTags: [listTag('Campaign')],
  }),
}));

export const {
  useGetShowsQuery,
  useCreateShowMutation,
  useUpdateShowMutation,
  useDeleteShowMutation,
  useSendPresaleMutation,
} = showsApi;
