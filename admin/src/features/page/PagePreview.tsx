import {
  CONTENT_PAGE_TITLES,
  CONTENT_PAGES,
  paragraphs,
  type SiteContent,
} from '@artist/contracts';
import { Card, Typography } from 'antd';

const { Title, Paragraph, Text } = Typography;

const heading = (text: string) => (
  <Title level={3} style={{ fontSize: 15, marginTop: 16, marginBottom: 4 }}>
    {text}
  </Title>
);

/** Names of a recording's links that are filled in: "Spotify · YouTube". */
const listenOn = (r: SiteContent['featured']) =>
  [r.spotifyUrl && 'Spotify', r.appleMusicUrl && 'Apple Music', r.youtubeUrl && 'YouTube']
    .filter(Boolean)
    .join(' · ');

/**
 * How the page will read with the form's current values, before they are saved: the texts in
 * the site's order, with paragraphs where the page will break them.
 */
export function PagePreview({ content }: { content: SiteContent }) {
  const songs = [content.featured, ...content.tracks].filter((r) => r.title);
  return (
    <Card
      title={
        <Title level={2} style={{ fontSize: 16, margin: 0 }}>
          Preview
        </Title>
      }
      size="small"
      style={{ position: 'sticky', top: 16 }}
    >
      {/* Focusable, so its own scrolling works from the keyboard too. */}
      <div
        role="region"
        aria-label="Preview"
        tabIndex={0}
        style={{ maxHeight: '75vh', overflowY: 'auto' }}
      >
        <div style={{ background: '#3b2a1e', color: '#f6efe3', padding: 16, borderRadius: 6 }}>
          <Text style={{ color: 'inherit', fontSize: 18 }}>{content.tagline || '—'}</Text>
        </div>
        {heading('About')}
        {paragraphs(content.bio).map((p, i) => (
          <Paragraph key={i}>{p}</Paragraph>
        ))}
        {heading('Music')}
        <ol style={{ paddingInlineStart: 20, margin: 0 }}>
          {songs.map((r, i) => (
            <li key={i}>
              {r.title}
              {i === 0 && <Text type="secondary"> (latest single)</Text>}
              {listenOn(r) && <Text type="secondary"> — {listenOn(r)}</Text>}
            </li>
          ))}
        </ol>
        {heading('Links')}
        <Paragraph>
          {content.socialLinks.map((l) => l.label).join(' · ') || '—'}
          {content.pressKitUrl && (
            <>
              <br />
              Press kit
            </>
          )}
        </Paragraph>
        {heading('Contact')}
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          {content.contacts.map((c, i) => (
            <li key={i}>
              {c.label}: {c.email}
            </li>
          ))}
        </ul>
        {CONTENT_PAGES.map((key) => (
          <div key={key}>
            {heading(CONTENT_PAGE_TITLES[key])}
            {paragraphs(content.pages[key]).map((p, i) => (
              <Paragraph key={i}>{p}</Paragraph>
            ))}
          </div>
        ))}
      </div>
    </Card>
  );
}
