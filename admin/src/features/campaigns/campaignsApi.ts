import type {
  AudienceCount,
  Campaign,
  CampaignAudience,
  CampaignTopic,
  CampaignInput,
  CampaignListFilter,
  CampaignPreview,
  CampaignSettings,
  FormResponse,
  Suppression,
  SuppressionListFilter,
} from '@artist/contracts';
import { injectListEndpoints, listEndpoints, listTag } from '../../app/api.js';

const one = (id: number) => ({ type: 'Campaign' as const, id });

export const campaignsApi = injectListEndpoints(
  '/admin/campaigns',
  'Campaign',
  (campaigns, build) => {
    const suppressions = listEndpoints(build, '/admin/suppressions', 'Suppression');
    return {
      getCampaigns: campaigns.list<Campaign, CampaignListFilter>(),
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
      createCampaign: campaigns.create<Campaign, CampaignInput>(),
      updateCampaign: build.mutation<Campaign, { id: number; body: CampaignInput }>({
        query: ({ id, body }) => ({ url: `/admin/campaigns/${id}`, method: 'PUT', body }),
        invalidatesTags: (_r, _e, { id }) => [campaigns.tag, one(id)],
      }),
      deleteCampaign: campaigns.remove<void, number>(),
      countAudience: build.mutation<
        AudienceCount,
        { audience: CampaignAudience; topic: CampaignTopic }
      >({
        query: ({ audience, topic }) => ({
          url: '/admin/campaigns/audience',
          method: 'POST',
          body: { audience, topic },
        }),
      }),
      testCampaign: build.mutation<FormResponse, { id: number; emails: string[] }>({
        query: ({ id, emails }) => ({
          url: `/admin/campaigns/${id}/test`,
          method: 'POST',
          body: { emails },
        }),
        invalidatesTags: [listTag('Email')],
      }),
      sendCampaign: build.mutation<Campaign, { id: number; at?: string }>({
        query: ({ id, at }) => ({
          url: `/admin/campaigns/${id}/send`,
          method: 'POST',
          body: at ? { at } : {},
        }),
        invalidatesTags: (_r, _e, { id }) => [campaigns.tag, one(id)],
      }),
      campaignAction: build.mutation<
        Campaign,
        { id: number; action: 'pause' | 'resume' | 'cancel' }
      >({
        query: ({ id, action }) => ({ url: `/admin/campaigns/${id}/${action}`, method: 'POST' }),
        invalidatesTags: (_r, _e, { id }) => [campaigns.tag, one(id)],
      }),
      getSuppressions: suppressions.list<Suppression, SuppressionListFilter>(),
      removeSuppression: build.mutation<void, { id: number; reason: string }>({
        query: ({ id, reason }) => ({
          url: `/admin/suppressions/${id}`,
          method: 'DELETE',
          body: { reason },
        }),
        invalidatesTags: [suppressions.tag],
      }),
    };
  },
);

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
