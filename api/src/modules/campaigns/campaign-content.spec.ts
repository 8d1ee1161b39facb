import { MjmlCompiler } from '../email/mjml-compiler.js';
import { markdownToHtml, personalise, renderCampaign } from './campaign-content.js';

const SITE = 'https://wren.example';

describe('campaign content', () => {
  const compiler = new MjmlCompiler();
  afterAll(() => compiler.onModuleDestroy());

  it('renders headings, emphasis, lists and links, and shows raw HTML as text', () => {
    const html = markdownToHtml(
      '# New dates\n\n**Bold** and *italic* [tickets](https://tix.example/1)\n\n- one\n- two\n\n<script>alert(1)</script>',
      SITE,
    );
    expect(html).toContain('<h1>New dates</h1>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('href="https://tix.example/1"');
    expect(html).toContain('<li>one</li>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops links that are not web or mail addresses, and images not from the gallery', () => {
    const html = markdownToHtml(
      '[x](javascript:alert(1)) ![me](/media/gallery/a.jpg) ![them](https://evil.example/p.png)',
      SITE,
    );
    expect(html).not.toContain('javascript:');
    expect(html).toContain('src="https://wren.example/media/gallery/a.jpg"');
    expect(html).not.toContain('evil.example');
  });

  it('puts each recipient’s unsubscribe link into the same stored content', async () => {
    const content = await renderCampaign(
      {
        pageId: 'Qx3v_9LmN-0aZk7TfR2wYp5uHs8dJc1e',
        subject: 'Hello',
        body: 'Hi **all**',
        audience: '{}',
      },
      SITE,
      '1 Music Row, Nashville, TN 37203',
      compiler,
    );
    expect(content.html).toContain(
      'https://wren.example/api/campaigns/Qx3v_9LmN-0aZk7TfR2wYp5uHs8dJc1e',
    );
    expect(content.text).toContain(
      'https://wren.example/api/campaigns/Qx3v_9LmN-0aZk7TfR2wYp5uHs8dJc1e',
    );
    expect(content.html).toContain('1 Music Row, Nashville, TN 37203');
    const mine = personalise(content, 'https://wren.example/api/newsletter/unsubscribe?token=a&b');
    expect(mine.html).toContain(
      'href="https://wren.example/api/newsletter/unsubscribe?token=a&amp;b"',
    );
    expect(mine.text).toContain(
      'Unsubscribe: https://wren.example/api/newsletter/unsubscribe?token=a&b',
    );
    expect(mine.html).not.toContain('unsubscribe-url');
  });

  it('gives a perk’s message no unsubscribe link: its footer says why she gets it and links to her account', async () => {
    const content = await renderCampaign(
      {
        pageId: 'Qx3v_9LmN-0aZk7TfR2wYp5uHs8dJc1e',
        subject: 'Your presale code',
        body: 'Code: `RYMAN-99`',
        audience: JSON.stringify({ perk: 'presale' }),
      },
      SITE,
      '1 Music Row, Nashville, TN 37203',
      compiler,
    );
    for (const part of [content.html, content.text]) {
      expect(part).not.toMatch(/unsubscribe|you joined/i);
      expect(part).toContain('membership includes presale codes for shows');
      expect(part).toContain('1 Music Row, Nashville, TN 37203');
    }
    expect(content.html).toContain('href="https://wren.example/account"');
    expect(content.text).toContain('Your account: https://wren.example/account');
  });

  const mjml = (text: string) =>
    `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;

  it('compiles in its worker, one compile after another, and refuses MJML it cannot render', async () => {
    const [a, b] = await Promise.all([
      compiler.compile(mjml('First')),
      compiler.compile(mjml('Second')),
    ]);
    expect(a).toContain('First');
    expect(a).not.toContain('Second');
    expect(b).toContain('Second');
    await expect(
      compiler.compile('<mjml><mj-body><mj-nonsense /></mj-body></mjml>'),
    ).rejects.toThrow(/^Email template: /);
    expect(await compiler.compile(mjml('Again'))).toContain('Again');
  });
});
