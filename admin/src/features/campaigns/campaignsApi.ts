import type {
  AudienceCount,
  Campaign,
  CampaignAudience,
  CampaignInput,
  CampaignListFilter,
  CampaignPreview,
  CampaignSettings,
  FormResponse,
  ListPage,
  Suppression,
  SuppressionListFilter,
} from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

const LIST = { type: 'Campaign' as const, id: 'LIST' };
const one = (id: number) => ({ type: 'Campaign' as const, id });

export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCampaigns: build.query<ListPage<Campaign, CampaignListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/campaigns', args),
      providesTags: [LIST],
    }),
    getCampaignSettings: build.query<CampaignSettings, void>({
      query: () => '/admin/campaigns/settings',
    }),
    getCampaign: build.query<Campaign, number>({
      query: (id) => `/admin/campaigns/${id}`,
      providesTags: (_r, _e, id) => [one(id)],
    }),
    getCampaignPreview: build.query<CampaignPreview, number>({
      query: (id) => `/admin/campaigns/${id}/preview`,
      providesTags: (_r, _e, id) => [one(id)],
    }),
    createCampaign: build.mutation<Campaign, CampaignInput>({
      query: (body) => ({ url: '/admin/campaigns', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateCampaign: build.mutation<Campaign, { id: number; body: CampaignInput }>({
      query: ({ id, body }) => ({ url: `/admin/campaigns/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, one(id)],
    }),
    deleteCampaign: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/campaigns/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    countAudience: build.mutation<AudienceCount, CampaignAudience>({
      query: (audience) => ({
        url: '/admin/campaigns/audience',
        method: 'POST',
        body: { audience },
      }),
    }),
    testCampaign: build.mutation<FormResponse, { id: number; emails: string[] }>({
      query: ({ id, emails }) => ({
        url: `/admin/campaigns/${id}/test`,
        method: 'POST',
        body: { emails },
      }),
      invalidatesTags: [{ type: 'Email', id: 'LIST' }],
    }),
    sendCampaign: build.mutation<Campaign, { id: number; at?: string }>({
      query: ({ id, at }) => ({
        url: `/admin/campaigns/${id}/send`,
        method: 'POST',
        body: at ? { at } : {},
      }),
      invalidatesTags: (_r, _e, { id }) => [LIST, one(id)],
    }),
    campaignAction: build.mutation<Campaign, { id: number; action: 'pause' | 'resume' | 'cancel' }>(
      {
        query: ({ id, action }) => ({ url: `/admin/campaigns/${id}/${action}`, method: 'POST' }),
        invalidatesTags: (_r, _e, { id }) => [LIST, one(id)],
      },
    ),
    getSuppressions: build.query<ListPage<Suppression, SuppressionListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/suppressions', args),
      providesTags: [{ type: 'Suppression', id: 'LIST' }],
    }),
    removeSuppression: build.mutation<void, { id: number; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/suppressions/${id}`,
        method: 'DELETE',
        body: { reason },
      }),
      invalidatesTags: [{ type: 'Suppression', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetCampaignsQuery,
  useGetCampaignQuery,
  useGetCampaignSettingsQuery,
  useGetCampaignPreviewQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useCountAudienceMutation,
  useTestCampaignMutation,
  useSendCampaignMutation,
  useCampaignActionMutation,
  useGetSuppressionsQuery,
  useRemoveSuppressionMutation,
} = campaignsApi;
