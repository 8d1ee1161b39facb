import { MjmlCompiler } from './mjml-compiler.js';
import { layoutSource, paragraph } from './layout.js';

const source = (text: string) => layoutSource('Hello', paragraph(text));

describe('MjmlCompiler', () => {
  let compiler: MjmlCompiler;
  beforeEach(() => {
    compiler = new MjmlCompiler();
  });
  afterEach(() => compiler.onModuleDestroy());

  it('compiles MJML to HTML in its worker, and says what is wrong with a template', async () => {
    const html = await compiler.compile(source('Fish & chips'));
    expect(html).toContain('<!doctype html>');
    expect(html).toContain('Fish &amp; chips');
    expect(html).not.toContain('<mj-');
    await expect(compiler.compile('<mjml><mj-body><mj-nope /></mj-body></mjml>')).rejects.toThrow(
      /^Email template: /,
    );
  });

  it('compiles the next email in a new worker while the one that ended for being idle exits', async () => {
    await compiler.compile(source('first'));
    // What the idle timer does: the worker ends, and its exit comes while the next compile waits.
    const ending = compiler.onModuleDestroy();
    const next = compiler.compile(source('second'));
    await ending;
    await expect(next).resolves.toContain('second');
  });
});
