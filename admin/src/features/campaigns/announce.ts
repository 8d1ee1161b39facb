import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ANNOUNCE_RADIUS_KM,
  adminAreaPath,
  type AdminShow,
  type CampaignInput,
} from '@artist/contracts';
import { formatDay } from '../../components/format.js';
import { useToast } from '../../components/useToast.js';
import { useCreateCampaignMutation } from './campaignsApi.js';

/** A draft announcing a show to the fans within 160 km (100 miles) of it, for her to change. */
export function announcement(show: AdminShow): CampaignInput {
  const date = formatDay(show.date);
  const tickets =
    show.ticketButtonType === 'url' && show.ticketUrl
      ? `[Get your tickets](${show.ticketUrl})`
      : show.ticketButtonType === 'free'
        ? 'It is a free show: just come along.'
        : 'Tickets are coming soon.';
  return {
    subject: `${show.city}: ${show.venue}, ${date}`,
    body: [
      `# ${show.venue}, ${show.city}`,
      '',
      `I'm playing **${show.venue}** in ${show.city} on **${date}** at ${show.time}, and I'd love to see you there.`,
      '',
      tickets,
      '',
      'See you soon,',
      '',
      'Wren',
    ].join('\n'),
    audience: { near: { showId: show.id, radiusKm: ANNOUNCE_RADIUS_KM } },
    // Goes to the fans who keep the "shows" topic on in their account.
    topic: 'shows',
  };
}

/** "Announce to fans nearby": opens a new draft in the Campaigns tab. */
export function useAnnounceShow() {
  const [create] = useCreateCampaignMutation();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(
    async (show: AdminShow) => {
      try {
        const draft = await create(announcement(show)).unwrap();
        navigate(`${adminAreaPath('campaigns')}?campaign=${draft.id}`);
      } catch (err) {
        toast.error('Failed to start the announcement', err);
      }
    },
    [create, navigate, toast],
  );
}
