import { useEffect, useState, type ReactNode } from 'react';
import {
  CONTENT_LIMITS,
  CONTENT_PAGE_TITLES,
  CONTENT_PAGES,
  type SiteContent,
  serverMessage,
} from '@artist/contracts';
import { Alert, Button, Col, Flex, Form, Input, Row, Spin, Typography } from 'antd';
import { useLocation } from 'react-router-dom';
import { errorMessage } from '../../app/api.js';
import { useToast } from '../../components/useToast.js';
import { useGetContentQuery, useSaveContentMutation } from './contentApi.js';
import { PagePreview } from './PagePreview.js';
import {
  emailAddress,
  maxLength,
  rule,
  spotifyAddress,
  toSiteContent,
  webAddress,
  type PageFormValues,
} from './pageForm.js';

/** The artist's texts and links on the public page: edited here, live on save. */
export function PageTab() {
  const { data, error, isLoading, refetch } = useGetContentQuery();
  if (isLoading) return <Spin aria-label="Loading the page's content" />;
  if (!data) {
    return (
      <Alert
        type="error"
        title="The page's content could not be loaded."
        description={error ? errorMessage(error) : undefined}
        action={<Button onClick={() => refetch()}>Try again</Button>}
      />
    );
  }
  return <PageEditor content={data} />;
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section aria-label={title}>
    <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
      {title}
    </Typography.Title>
    {children}
  </section>
);

function PageEditor({ content }: { content: SiteContent }) {
  const [form] = Form.useForm<PageFormValues>();
  const [saveContent, { isLoading: saving }] = useSaveContentMutation();
  const [dirty, setDirty] = useState(false);
  const toast = useToast();
  const values = Form.useWatch([], { form, preserve: true }) as PageFormValues | undefined;
  const { hash } = useLocation();

  // A link to one field (the campaign editor's `/admin/page#postalAddress`) lands on it.
  useEffect(() => {
    const field = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  }, [hash]);

  // A browser tab closed or reloaded with unsaved edits asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onFinish = async (typed: PageFormValues) => {
    try {
      const saved = await saveContent(toSiteContent(typed)).unwrap();
      form.setFieldsValue(saved);
      setDirty(false);
      toast.success('Page saved', 'The site shows the changes now.');
    } catch (err) {
      toast.error('Failed to save the page', err, serverMessage(err) ?? errorMessage(err));
    }
  };

  const discard = () => {
    form.resetFields();
    form.setFieldsValue(content);
    setDirty(false);
  };

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <Form<PageFormValues>
          form={form}
          layout="vertical"
          initialValues={content}
          onFinish={onFinish}
          onValuesChange={() => setDirty(true)}
          requiredMark={false}
          scrollToFirstError
          aria-label="Page"
        >
          <Section title="Hero">
            <Form.Item
              label="Tagline"
              name="tagline"
              extra="The line under your name at the top of the page."
              rules={[
                rule('Tagline', maxLength('Tagline', CONTENT_LIMITS.tagline), { required: true }),
              ]}
            >
              <Input />
            </Form.Item>
          </Section>

          <Section title="About">
            <Form.Item
              label="About text"
              name="bio"
              extra="Leave a blank line between paragraphs."
              rules={[
                rule('About text', maxLength('About text', CONTENT_LIMITS.bio), { required: true }),
              ]}
            >
              <Input.TextArea rows={10} />
            </Form.Item>
          </Section>

          <Section title="Music">
            <Typography.Paragraph type="secondary">
              The featured release plays at the top of the page as the latest single; the Spotify
              link gives each song its player.
            </Typography.Paragraph>
            <RecordingFields prefix={['featured']} heading="Featured release" />
            <Form.List name="tracks">
              {(fields, { add, remove, move }) => (
                <>
                  {fields.map((field, index) => (
                    <RecordingFields
                      key={field.key}
                      prefix={[field.name]}
                      heading={`Track ${index + 1}`}
                      actions={
                        <Flex gap={4} wrap>
                          <Button
                            size="small"
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                          >
                            Move up
                          </Button>
                          <Button
                            size="small"
                            disabled={index === fields.length - 1}
                            onClick={() => move(index, index + 1)}
                          >
                            Move down
                          </Button>
                          <Button size="small" onClick={() => remove(field.name)}>
                            Remove
                          </Button>
                        </Flex>
                      }
                    />
                  ))}
                  <Button
                    onClick={() =>
                      add({ title: '', spotifyUrl: '', appleMusicUrl: '', youtubeUrl: '' })
                    }
                    disabled={fields.length >= CONTENT_LIMITS.tracks}
                  >
                    Add track
                  </Button>
                </>
              )}
            </Form.List>
          </Section>

          <Section title="Links">
            <PairList
              name="socialLinks"
              item="link"
              max={CONTENT_LIMITS.socialLinks}
              first={{ name: 'label', label: 'Name', placeholder: 'Instagram' }}
              second={{
                name: 'url',
                label: 'Address',
                placeholder: 'https://…',
                check: webAddress,
              }}
            />
            <Form.Item
              label="Press kit"
              name="pressKitUrl"
              style={{ marginTop: 16 }}
              rules={[rule('Press kit', webAddress('Press kit'))]}
            >
              <Input inputMode="url" placeholder="https://…" />
            </Form.Item>
          </Section>

          <Section title="Contact details">
            <PairList
              name="contacts"
              item="address"
              max={CONTENT_LIMITS.contacts}
              first={{ name: 'label', label: 'For', placeholder: 'Booking' }}
              second={{
                name: 'email',
                label: 'Email',
                placeholder: 'booking@…',
                check: emailAddress,
              }}
            />
            <Form.Item
              label="Postal address"
              name="postalAddress"
              style={{ marginTop: 16 }}
              extra="Printed at the foot of every campaign email, as the law (CAN-SPAM) requires: campaigns cannot be sent without it. A PO box is fine."
              rules={[
                rule('Postal address', maxLength('Postal address', CONTENT_LIMITS.postalAddress)),
              ]}
            >
              <Input.TextArea rows={2} placeholder="e.g. PO Box 123, Nashville, TN 37203" />
            </Form.Item>
          </Section>

          <Section title="Shop pages">
            {CONTENT_PAGES.map((key) => (
              <Form.Item
                key={key}
                label={CONTENT_PAGE_TITLES[key]}
                name={['pages', key]}
                extra={`Shown at /${key}, linked from the footer. Leave a blank line between paragraphs.`}
                rules={[
                  rule(
                    CONTENT_PAGE_TITLES[key],
                    maxLength(CONTENT_PAGE_TITLES[key], CONTENT_LIMITS.page),
                    { required: true },
                  ),
                ]}
              >
                <Input.TextArea rows={5} />
              </Form.Item>
            ))}
          </Section>

          <Flex gap={8} align="center" wrap style={{ marginTop: 8 }}>
            <Button type="primary" htmlType="submit" loading={saving}>
              Save changes
            </Button>
            <Button onClick={discard} disabled={!dirty || saving}>
              Discard changes
            </Button>
            <Button href="/" target="_blank" rel="noopener">
              View site
            </Button>
            {dirty && <Typography.Text type="secondary">Unsaved changes</Typography.Text>}
          </Flex>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <PagePreview content={toSiteContent(values ?? content)} />
      </Col>
    </Row>
  );
}

/** A song's title and where to hear it; `prefix` is its place in the form. */
function RecordingFields({
  prefix,
  heading,
  actions,
}: {
  prefix: (string | number)[];
  heading: string;
  actions?: ReactNode;
}) {
  return (
    <fieldset
      style={{ border: '1px solid #eadfce', borderRadius: 8, padding: 12, marginBottom: 12 }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <legend style={{ fontWeight: 600, float: 'left', width: 'auto', margin: 0, fontSize: 14 }}>
          {heading}
        </legend>
        {actions}
      </Flex>
      <Form.Item
        label="Title"
        name={[...prefix, 'title']}
        rules={[rule('Title', maxLength('Title', CONTENT_LIMITS.title), { required: true })]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="Spotify link"
        name={[...prefix, 'spotifyUrl']}
        rules={[rule('Spotify link', spotifyAddress('Spotify link'))]}
      >
        <Input inputMode="url" placeholder="https://open.spotify.com/track/…" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Apple Music link"
            name={[...prefix, 'appleMusicUrl']}
            rules={[rule('Apple Music link', webAddress('Apple Music link'))]}
          >
            <Input inputMode="url" placeholder="https://music.apple.com/…" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="YouTube link"
            name={[...prefix, 'youtubeUrl']}
            rules={[rule('YouTube link', webAddress('YouTube link'))]}
          >
            <Input inputMode="url" placeholder="https://www.youtube.com/…" />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}

interface PairField {
  name: string;
  label: string;
  placeholder: string;
  check?: (label: string) => (value: string) => string | undefined;
}

const labelCheck = (label: string) => maxLength(label, CONTENT_LIMITS.label);

/** A list of two-field rows (name and address): add, remove and reorder. */
function PairList({
  name,
  item,
  max,
  first,
  second,
}: {
  name: 'socialLinks' | 'contacts';
  /** What one row is called on its buttons: "Add link". */
  item: string;
  max: number;
  first: PairField;
  second: PairField;
}) {
  const column = (field: PairField, row: number, index: number) => (
    <Form.Item
      name={[row, field.name]}
      label={`${field.label} ${index + 1}`}
      style={{ flex: 1, minWidth: 160, marginBottom: 8 }}
      rules={[rule(field.label, (field.check ?? labelCheck)(field.label), { required: true })]}
    >
      <Input placeholder={field.placeholder} />
    </Form.Item>
  );
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => (
        <>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="end" wrap>
              {column(first, field.name, index)}
              {column(second, field.name, index)}
              <Flex gap={4} style={{ marginBottom: 8 }}>
                <Button
                  aria-label={`Move ${item} ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </Button>
                <Button
                  aria-label={`Move ${item} ${index + 1} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </Button>
                <Button
                  danger
                  aria-label={`Remove ${item} ${index + 1}`}
                  onClick={() => remove(field.name)}
                >
                  Remove
                </Button>
              </Flex>
            </Flex>
          ))}
          <Button
            onClick={() => add({ [first.name]: '', [second.name]: '' })}
            disabled={fields.length >= max}
          >
            Add {item}
          </Button>
        </>
      )}
    </Form.List>
  );
}
