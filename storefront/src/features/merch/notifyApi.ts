import type { FormResponse, NotifyMeRequest } from '@artist/contracts';
import { api } from '../../app/api.js';

export const notifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifyMe: build.mutation<FormResponse, NotifyMeRequest>({
      query: (body) => ({ url: '/notify-me', method: 'POST', body }),
    }),
  }),
});

export const { useNotifyMeMutation } = notifyApi;
