import { MjmlCompiler } from './mjml-compiler.js';
import { layout, paragraph } from './layout.js';

const source = (text: string) => layout('Hello', paragraph(text));

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

  it('keeps its worker for the next compile, or ends it at once when a compile asks', async () => {
    const worker = () => (compiler as unknown as { worker: object | null }).worker;
    await compiler.compile(source('kept'));
    const kept = worker();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(worker()).toBe(kept);
    expect(kept).not.toBeNull();

    await compiler.compile(source('campaign'), { endWhenIdle: true });
    const deadline = Date.now() + 2_000;
    while (worker() !== null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(worker()).toBeNull();
    // The next compile starts another, which stays.
    await expect(compiler.compile(source('again'))).resolves.toContain('again');
    expect(worker()).not.toBeNull();
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
