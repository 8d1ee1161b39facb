import { Poller } from './poller.js';

describe('Poller', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A poller whose passes find work while `work` is above 0, one unit a pass; when each ran. */
  const counting = (work: { left: number }) => {
    const at: number[] = [];
    const poller = new Poller(
      () => {
        at.push(Date.now());
        if (work.left <= 0) return Promise.resolve(false);
        work.left--;
        return Promise.resolve(true);
      },
      { busyMs: 250, idleMs: 1000 },
      () => undefined,
    );
    return { poller, at };
  };

  it('looks at the busy pace while passes find work and at the idle pace once one finds none', async () => {
    const work = { left: 2 };
    const { poller, at } = counting(work);
    const start = Date.now();
    poller.start();
    await jest.advanceTimersByTimeAsync(3000);
    await poller.stop();
    // Two passes with work, then one that found none, then idle looks a second apart.
    expect(at.map((t) => t - start)).toEqual([0, 250, 500, 1500, 2500]);
  });

  it('runs a pass at once when woken, and keeps the busy pace for a while after', async () => {
    const { poller, at } = counting({ left: 0 });
    poller.start();
    await jest.advanceTimersByTimeAsync(100);
    const woken = Date.now();
    poller.wake();
    await jest.advanceTimersByTimeAsync(1400);
    await poller.stop();
    expect(at.filter((t) => t >= woken).map((t) => t - woken)).toEqual([0, 250, 500, 750, 1000]);
  });

  it('does nothing when woken before it starts, and stops for good, waiting for the pass under way', async () => {
    let finish!: () => void;
    let passes = 0;
    const poller = new Poller(
      () => {
        passes++;
        return new Promise<boolean>((resolve) => (finish = () => resolve(true)));
      },
      { busyMs: 10, idleMs: 10 },
      () => undefined,
    );
    poller.wake();
    await jest.advanceTimersByTimeAsync(100);
    expect(passes).toBe(0);
    poller.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(passes).toBe(1);
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await jest.advanceTimersByTimeAsync(100);
    expect(passes).toBe(1);
  });

  it('reports a failed pass and goes on at the idle pace', async () => {
    const failures: unknown[] = [];
    let passes = 0;
    const poller = new Poller(
      () => {
        passes++;
        return Promise.reject(new Error('database away'));
      },
      { busyMs: 10, idleMs: 1000 },
      (error) => failures.push(error),
    );
    poller.start();
    await jest.advanceTimersByTimeAsync(1500);
    await poller.stop();
    expect(passes).toBe(2);
    expect(failures).toHaveLength(2);
  });
});
