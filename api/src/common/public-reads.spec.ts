import { pino } from 'pino';
import { requestLine } from './public-reads.js';

describe('requestLine', () => {
  it('is the line pino writes for a request, field for field and byte for byte', () => {
    const written: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => written.push(line) });
    const cases = [
      ['3f0c8e1a-8d1b-4c55-9a53-2b9d1c0e7f11', 'GET', '/api/shows', 200, 1.4],
      ['proxy_id-42', 'HEAD', '/api/gallery', 304, 0.2],
      ['x', 'GET', '/api/products', 500, 12.6],
    ] as const;
    for (const [id, method, path, status, elapsed] of cases) {
      const ms = Math.round(elapsed);
      log.info(
        { req: { id, method, path }, res: { statusCode: status }, responseTime: ms },
        `${method} ${path} ${status} ${ms}ms`,
      );
      const time = (JSON.parse(written.at(-1)!) as { time: number }).time;
      expect(requestLine(time, id, method, path, status, elapsed)).toBe(written.at(-1));
    }
  });
});
