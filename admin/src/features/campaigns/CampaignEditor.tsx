import { useEffect, useState } from 'react';
import {
  ANNOUNCE_RADIUS_KM,
  CAMPAIGN_LIMITS,
  type AudienceCount,
  type Campaign,
  type CampaignAudience,
  type CampaignTopic,
  type CampaignInput,
  serverMessage,
} from '@artist/contracts';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Segmented,
  Select,
  Space,
  Typography,
} from 'antd';
import { Link } from 'react-router-dom';
import { useConfirm } from '../../components/useConfirm.js';
import { useToast } from '../../components/useToast.js';
import { useProductChoicesQuery } from '../products/productsApi.js';
import { useGetContentQuery } from '../page/contentApi.js';
import { useGetShowsQuery } from '../shows/showsApi.js';
import { CampaignStatusTag } from './columns.js';
import { formatInZone, zonedToIso } from './zonedTime.js';
import {
  useCampaignActionMutation,
  useCountAudienceMutation,
  useCreateCampaignMutation,
  useDeleteCampaignMutation,
  useGetCampaignPreviewQuery,
  useGetCampaignQuery,
  useGetCampaignSettingsQuery,
  useSendCampaignMutation,
  useTestCampaignMutation,
  useUpdateCampaignMutation,
} from './campaignsApi.js';

interface EditorValues {
  subject: string;
  body: string;
  showId?: number | null;
  radiusKm?: number | null;
  countries?: string[];
  boughtProductIds?: string[];
  topic?: CampaignTopic;
}

/** The fans' topics, as their account names them: a campaign goes to those who keep it on. */
const TOPIC_OPTIONS: { value: CampaignTopic; label: string }[] = [
  { value: 'news', label: 'News (the newsletter)' },
  { value: 'shows', label: 'Shows' },
  { value: 'releases', label: 'Releases' },
];

/** The preview's widths: a desktop mail client's reading pane and a phone's screen. */
const WIDTHS = { Desktop: 640, Phone: 375 } as const;

function toValues(campaign: Campaign | null): EditorValues {
  const audience = campaign?.audience ?? {};
  return {
    subject: campaign?.subject ?? '',
    body: campaign?.body ?? '',
    showId: audience.near?.showId ?? null,
    radiusKm: audience.near?.radiusKm ?? ANNOUNCE_RADIUS_KM,
    countries: audience.countries ?? [],
    boughtProductIds: audience.boughtProductIds ?? [],
    topic: campaign?.topic ?? 'news',
  };
}

export function toAudience(values: Partial<EditorValues>): CampaignAudience {
  const audience: CampaignAudience = {};
  if (values.showId)
    audience.near = { showId: values.showId, radiusKm: values.radiusKm ?? ANNOUNCE_RADIUS_KM };
  if (values.countries?.length) audience.countries = values.countries.map((c) => c.toUpperCase());
  if (values.boughtProductIds?.length) audience.boughtProductIds = values.boughtProductIds;
  return audience;
}

const toInput = (values: EditorValues): CampaignInput => ({
  subject: values.subject.trim(),
  body: values.body,
  audience: toAudience(values),
  topic: values.topic ?? 'news',
});

/** The editor of one campaign: writing, audience, preview, test, send, and its progress. */
export function CampaignEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const [campaignId, setCampaignId] = useState<number | null>(id);
  const { data: campaign } = useGetCampaignQuery(campaignId ?? 0, {
    skip: campaignId === null,
    // Live progress while it sends.
    pollingInterval: 1000,
  });
  const editable = campaignId === null || campaign?.status === 'draft';
  return (
    <Modal
      open
      width={1080}
      title={campaignId === null ? 'New campaign' : (campaign?.subject ?? 'Campaign')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {campaignId !== null && !campaign ? (
        <Typography.Text>Loading…</Typography.Text>
      ) : editable ? (
        <DraftEditor campaign={campaign ?? null} onSaved={setCampaignId} onClose={onClose} />
      ) : (
        <CampaignProgress campaign={campaign!} />
      )}
    </Modal>
  );
}

function DraftEditor({
  campaign,
  onSaved,
  onClose,
}: {
  campaign: Campaign | null;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<EditorValues>();
  const toast = useToast();
  const { confirm, confirmDelete } = useConfirm();
  const [create, { isLoading: creating }] = useCreateCampaignMutation();
  const [update, { isLoading: updating }] = useUpdateCampaignMutation();
  const [remove] = useDeleteCampaignMutation();
  const [count] = useCountAudienceMutation();
  const [testSend, { isLoading: testing }] = useTestCampaignMutation();
  const [send, { isLoading: sending }] = useSendCampaignMutation();
  const [reach, setReach] = useState<AudienceCount | null>(null);
  const [reachError, setReachError] = useState<string | null>(null);
  const [testEmails, setTestEmails] = useState('');
  const [at, setAt] = useState('');
  // The schedule is written in the artist's time zone, whatever the browser's.
  const { data: settings } = useGetCampaignSettingsQuery();
  const zone = settings?.timeZone;
  const [width, setWidth] = useState<keyof typeof WIDTHS>('Desktop');
  const { data: shows } = useGetShowsQuery({
    status: 'published',
    search: '',
    sort: 'date',
    page: 1,
    pageSize: 200,
  });
  const { data: products } = useProductChoicesQuery();
  // Every campaign email carries the artist's postal address: said before a word is written.
  const { data: content } = useGetContentQuery();
  const noPostalAddress = content !== undefined && !content.postalAddress?.trim();
  const { data: preview, isFetching: previewing } = useGetCampaignPreviewQuery(campaign?.id ?? 0, {
    skip: !campaign,
  });
  const watched = Form.useWatch([], form) as Partial<EditorValues> | undefined;
  const audienceKey = JSON.stringify({
    audience: toAudience(watched ?? toValues(campaign)),
    topic: (watched ?? toValues(campaign)).topic ?? 'news',
  });

  // The live count of the audience, a moment after it last changed.
  useEffect(() => {
    const timer = setTimeout(() => {
      count(JSON.parse(audienceKey) as { audience: CampaignAudience; topic: CampaignTopic })
        .unwrap()
        .then((answer) => {
          setReach(answer);
          setReachError(null);
        })
        .catch((err: unknown) => {
          setReach(null);
          setReachError(serverMessage(err) ?? 'The audience could not be counted.');
        });
    }, 300);
    return () => clearTimeout(timer);
  }, [audienceKey, count]);

  const save = async (): Promise<Campaign | null> => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return null;
    try {
      const saved = campaign
        ? await update({ id: campaign.id, body: toInput(values) }).unwrap()
        : await create(toInput(values)).unwrap();
      onSaved(saved.id);
      return saved;
    } catch (err) {
      toast.error('Failed to save the campaign', err);
      return null;
    }
  };

  const onSave = async () => {
    if (await save()) toast.success('Draft saved');
  };

  const onTest = async () => {
    const emails = testEmails
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    if (emails.length === 0 || emails.length > CAMPAIGN_LIMITS.testEmails) {
      toast.error(`Give 1 to ${CAMPAIGN_LIMITS.testEmails} addresses for the test`);
      return;
    }
    const saved = await save();
    if (!saved) return;
    try {
      await testSend({ id: saved.id, emails }).unwrap();
      toast.success('Test sent', `A copy marked as a test is on its way to ${emails.join(', ')}.`);
    } catch (err) {
      toast.error('Failed to send the test', err);
    }
  };

  const onSend = async (scheduled: boolean) => {
    const atIso = scheduled && zone ? zonedToIso(at, zone) : null;
    if (scheduled && !atIso) {
      toast.error('Pick the date and time to send it');
      return;
    }
    const saved = await save();
    if (!saved || !reach) return;
    const fans = `${reach.count} ${reach.count === 1 ? 'fan' : 'fans'}`;
    confirm({
      title: scheduled
        ? `Send to ${fans} on ${formatInZone(atIso, zone!)}?`
        : `Send to ${fans} now?`,
      content:
        'Everyone on the list then who fits the audience gets it; fans who join later do not. You can pause or cancel it while it sends.',
      okText: scheduled ? `Schedule for ${fans}` : `Send to ${fans}`,
      cancelText: 'Not yet',
      run: () => send({ id: saved.id, ...(atIso ? { at: atIso } : {}) }).unwrap(),
      success: scheduled ? 'Campaign scheduled' : 'Campaign sending',
      failure: 'Failed to send the campaign',
    });
  };

  const onDelete = () =>
    campaign &&
    confirmDelete({
      title: 'Delete this draft?',
      run: () => remove(campaign.id).unwrap(),
      success: 'Draft deleted',
      failure: 'Failed to delete the draft',
      then: onClose,
    });

  const upcoming = (shows?.rows ?? []).filter((s) => s.listStatus === 'published');

  return (
    <Flex gap={24} wrap>
      <div style={{ flex: '1 1 380px', minWidth: 0 }}>
        {noPostalAddress && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="Campaigns need your postal address"
            description={
              <>
                The law (CAN-SPAM) asks for it at the foot of every campaign email: tests and sends
                wait until it is there.{' '}
                <Link to="/admin/page#postalAddress">Add your postal address on the Page tab</Link>
              </>
            }
          />
        )}
        <Form<EditorValues>
          form={form}
          layout="vertical"
          initialValues={toValues(campaign)}
          requiredMark={false}
        >
          <Form.Item
            label="Subject"
            name="subject"
            rules={[
              { required: true, whitespace: true, message: 'Subject is required' },
              { max: CAMPAIGN_LIMITS.subject, message: 'Subject cannot exceed 150 characters' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="Message"
            name="body"
            extra="Markdown: # Heading, **bold**, *italics*, [link text](https://…), - list items, ![photo](/media/gallery/…)."
            rules={[{ required: true, whitespace: true, message: 'Body is required' }]}
          >
            <Input.TextArea rows={12} />
          </Form.Item>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            Audience
          </Typography.Title>
          <Form.Item
            label="Topic"
            name="topic"
            extra="Fans choose the topics they get in their account"
          >
            <Select options={TOPIC_OPTIONS} />
          </Form.Item>
          <Form.Item label="Near a show" name="showId">
            <Select
              allowClear
              placeholder="Every place"
              options={upcoming.map((s) => ({
                value: s.id,
                label: `${s.date} · ${s.venue}, ${s.city}${s.located ? '' : ' (city not found)'}`,
              }))}
            />
          </Form.Item>
          <Form.Item label="Within (km)" name="radiusKm">
            <InputNumber min={1} max={2000} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Countries" name="countries" extra="Two-letter codes, e.g. US, CA">
            <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="Every country" />
          </Form.Item>
          <Form.Item label="Bought" name="boughtProductIds">
            <Select
              mode="multiple"
              placeholder="Any fan"
              options={(products?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          <div role="status" aria-live="polite" style={{ marginBottom: 16 }}>
            {reachError ? (
              <Alert type="warning" showIcon title={reachError} />
            ) : reach ? (
              <Typography.Text strong>
                Reaches {reach.count} {reach.count === 1 ? 'fan' : 'fans'}
                {reach.unknownLocation > 0 && ` · ${reach.unknownLocation} with no known location`}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">Counting…</Typography.Text>
            )}
          </div>
        </Form>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Button onClick={onSave} loading={creating || updating}>
            Save draft
          </Button>
          {campaign && (
            <Button danger onClick={onDelete}>
              Delete
            </Button>
          )}
        </Flex>
        <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
          <Input
            aria-label="Test addresses"
            placeholder="you@example.com"
            value={testEmails}
            onChange={(e) => setTestEmails(e.target.value)}
          />
          <Button onClick={onTest} loading={testing}>
            Send test
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary">
          {zone ? `Schedule in ${zone} time` : 'Schedule'}
        </Typography.Text>
        <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
          <Input
            type="datetime-local"
            aria-label={zone ? `Send at (${zone} time)` : 'Send at'}
            value={at}
            onChange={(e) => setAt(e.target.value)}
          />
          <Button onClick={() => onSend(true)} loading={sending} disabled={!reach || !zone}>
            Schedule
          </Button>
        </Space.Compact>
        <Button
          type="primary"
          block
          onClick={() => onSend(false)}
          loading={sending}
          disabled={!reach || reach.count === 0}
        >
          {reach ? `Send to ${reach.count} ${reach.count === 1 ? 'fan' : 'fans'}` : 'Send'}
        </Button>
      </div>
      <div style={{ flex: '1 1 400px', minWidth: 0 }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Preview
          </Typography.Title>
          <Segmented
            aria-label="Preview width"
            options={Object.keys(WIDTHS)}
            value={width}
            onChange={(value) => setWidth(value as keyof typeof WIDTHS)}
          />
        </Flex>
        {preview ? (
          <div style={{ overflowX: 'auto' }}>
            <iframe
              title={`Preview at ${width.toLowerCase()} width`}
              srcDoc={preview.html}
              sandbox=""
              style={{
                width: WIDTHS[width],
                maxWidth: 'none',
                height: 640,
                border: '1px solid #d9d3cc',
                background: '#fff',
              }}
            />
          </div>
        ) : (
          <Typography.Text type="secondary">
            {previewing ? 'Rendering…' : 'Save the draft to see it as fans will.'}
          </Typography.Text>
        )}
      </div>
    </Flex>
  );
}

/** A campaign that has left the drafts: where it stands, live, and what can be done with it. */
function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const [act, { isLoading }] = useCampaignActionMutation();
  const { data: settings } = useGetCampaignSettingsQuery();
  const toast = useToast();
  // The clock of the rate and time left, ticking with the progress.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const elapsed = campaign.startedAt
    ? ((campaign.finishedAt ? Date.parse(campaign.finishedAt) : now) -
        Date.parse(campaign.startedAt)) /
      1000
    : 0;
  const done = campaign.sent + campaign.failed;
  const rate = elapsed > 0 ? done / elapsed : 0;
  const left = campaign.recipients - done;
  const secondsLeft = rate > 0 ? Math.ceil(left / rate) : null;
  const action = async (what: 'pause' | 'resume' | 'cancel') => {
    try {
      await act({ id: campaign.id, action: what }).unwrap();
    } catch (err) {
      toast.error(`Failed to ${what} the campaign`, err);
    }
  };
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center">
        <CampaignStatusTag status={campaign.status} />
        {campaign.scheduledAt && campaign.status === 'scheduled' && settings && (
          <Typography.Text>
            Goes out {formatInZone(campaign.scheduledAt, settings.timeZone)} ({settings.timeZone}{' '}
            time)
          </Typography.Text>
        )}
      </Flex>
      {campaign.recipients > 0 && (
        <>
          <Progress
            percent={Math.floor((done / campaign.recipients) * 100)}
            aria-label="Sent so far"
          />
          <Typography.Text>
            {campaign.sent} of {campaign.recipients} sent
            {campaign.status === 'sending' && rate > 0 && ` · ${rate.toFixed(1)} a second`}
            {campaign.status === 'sending' &&
              secondsLeft !== null &&
              ` · about ${secondsLeft < 60 ? `${secondsLeft} s` : `${Math.ceil(secondsLeft / 60)} min`} left`}
          </Typography.Text>
        </>
      )}
      <Typography.Text>
        Failed {campaign.failed} · bounced {campaign.bounced} · complaints {campaign.complained} ·
        unsubscribed {campaign.unsubscribed}
      </Typography.Text>
      <Flex gap={8} wrap>
        {(campaign.status === 'sending' || campaign.status === 'scheduled') && (
          <Button onClick={() => action('pause')} loading={isLoading}>
            Pause
          </Button>
        )}
        {campaign.status === 'paused' && (
          <Button onClick={() => action('resume')} loading={isLoading}>
            Resume
          </Button>
        )}
        {['sending', 'scheduled', 'paused'].includes(campaign.status) && (
          <Button danger onClick={() => action('cancel')} loading={isLoading}>
            Cancel campaign
          </Button>
        )}
        {campaign.startedAt && (
          <Button href={`/api/campaigns/${campaign.pageId}`} target="_blank" rel="noopener">
            View in browser
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
