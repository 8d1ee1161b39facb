import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import type { SiteContent } from '@artist/contracts';
import { timestampColumns } from './columns.js';

const spotify = (kind: string, id: string) => `https://open.spotify.com/${kind}/${id}`;
const recording = (title: string, spotifyUrl: string) => ({
  title,
  spotifyUrl,
  appleMusicUrl: '',
  youtubeUrl: '',
});

/** The page's words and links as they were in the storefront's code when they moved here. */
const FIRST_CONTENT: Omit<SiteContent, 'postalAddress'> = {
  tagline: 'Singer • Songwriter • Musician',
  bio: [
    'Wren Calloway grew up on a pecan farm outside Fredericksburg, Texas, where her grandmother’s radio played Patsy Cline over the sound of the irrigation pumps. She wrote her first song at twelve on a borrowed guitar with two missing strings, and she has been chasing that same mix of dust, heartache and daylight ever since.',
    'After years of Tuesday open mics in Austin and Saturday sets in dance halls across the Hill Country, she recorded her debut record, "Gravel Roads & Gospel," live to tape in a converted feed store. Critics called it "a front-porch record with a highway heart," and its single "Porch Light" found its way onto country playlists from Lubbock to Glasgow.',
    'Today Wren tours with a four-piece band and a fiddle that has outlived three vans. Her songs are about people who leave and people who stay, and the small towns that hold both. Whether she is playing a honky-tonk or a listening room, she ends every night the same way: with the house lights up and everyone singing along.',
  ].join('\n\n'),
  featured: recording('Porch Light', spotify('track', '5wRenPorchLight0000001')),
  tracks: [
    recording('Gravel Roads & Gospel', spotify('track', '5wRenGravelRoads000002')),
    recording('Dance Hall Saturday', spotify('track', '5wRenDanceHall00000003')),
  ],
  socialLinks: [
    { label: 'Spotify', url: spotify('artist', '5wRenCallowayArtist001') },
    { label: 'Apple Music', url: 'https://music.apple.com/us/artist/wren-calloway/1712345678' },
    { label: 'Facebook', url: 'https://www.facebook.com/wrencallowaymusic' },
    { label: 'Instagram', url: 'https://www.instagram.com/wrencallowaymusic' },
    { label: 'YouTube', url: 'https://www.youtube.com/@wrencallowaymusic' },
    { label: 'TikTok', url: 'https://www.tiktok.com/@wrencallowaymusic' },
  ],
  pressKitUrl: 'https://wrencalloway.example/press-kit',
  contacts: [
    { label: 'Booking', email: 'booking@wrencalloway.example' },
    { label: 'General', email: 'hello@wrencalloway.example' },
    { label: 'Press', email: 'press@wrencalloway.example' },
  ],
  pages: {
    shipping: [
      'Orders are packed by hand and leave within three business days. You get an email with the tracking number when yours is on its way.',
      'Shipping within the US is a flat $5 per order, whatever is in it. We also ship to Canada, the UK, Australia and New Zealand; the cost is shown at checkout before you pay.',
    ].join('\n\n'),
    returns: [
      'Not the right fit? Send it back within 30 days of delivery, unworn and unwashed with its tags on, and you get a refund of the item’s price.',
      'Write to hello@wrencalloway.example with your order number first and we will tell you where to send it. Return postage is yours unless we sent the wrong item or it arrived damaged.',
    ].join('\n\n'),
    privacy: [
      'This site keeps only what it needs: your orders (name, email and shipping address), your email address if you join the mailing list or ask to hear when a product is back, and the messages you send through the contact form.',
      'Card details are handled by Stripe, our payment provider, and never reach this site.',
      'You can ask for a copy of what we hold about you, or for it to be erased, by writing to hello@wrencalloway.example. Nothing is sold or shared with anyone else.',
    ].join('\n\n'),
  },
};

/** The page's content in the database (one row), starting with the words the page had. */
export class CreateSiteContent1766600000000 implements MigrationInterface {
  name = 'CreateSiteContent1766600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'site_content',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'data', type: 'json' },
          ...timestampColumns(queryRunner).filter((column) => column.name === 'updatedAt'),
        ],
      }),
    );
    await queryRunner.manager.insert('site_content', {
      id: 1,
      data: JSON.stringify(FIRST_CONTENT),
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('site_content');
  }
}
