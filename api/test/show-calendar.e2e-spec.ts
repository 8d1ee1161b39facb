import ICAL from 'ical.js';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { Clock } from '../src/common/clock.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { createShows, showInput } from './utils/shows.js';
import { testAppOfSuite } from './utils/test-app.js';

/** Friday 5 March 2027, noon in Chicago (the artist's zone); US clocks go forward on 14 March. */
const NOW = new Date('2027-03-05T18:00:00Z');
/** The site's address: its host names the events. */
const PUBLIC_URL = 'http://wren.example';

const show = showInput;

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  url: string | null;
  /** DTSTART as written: wall-clock time and its TZID (or a DATE for an all-day show). */
  wallClock: string;
  tzid: string | null;
  allDay: boolean;
  /** The instant DTSTART names, resolved through the file's own VTIMEZONE. */
  utc: string;
}

/** Parses an iCalendar file the way a calendar app would, zones resolved from its VTIMEZONEs. */
function parseCalendar(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const start = vevent.getFirstProperty('dtstart')!;
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
      wallClock: event.startDate.toString(),
      tzid: (start.getParameter('tzid') as string | undefined) ?? null,
      allDay: event.startDate.isDate,
      utc: event.startDate.toJSDate().toISOString(),
    };
  });
  return { calendar, events };
}

/** The file's content lines with folding undone (RFC 5545 §3.1), as a reader sees them. */
function contentLines(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe.each(testDatabases())('the shows calendar on $name', (db) => {
  const t = testAppOfSuite(db, { PUBLIC_URL });
  let admin: TestAgent;
  let ids: Record<string, number>;

  beforeAll(async () => {
    admin = await loggedIn(t);
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => NOW);
    ids = await createShows(admin, {
      beforeDst: { venue: 'Gruene Hall', city: 'New Braunfels, TX', date: '2027-03-10' },
      afterDst: {
        venue: 'The Continental Club',
        city: 'Austin, TX',
        date: '2027-03-20',
        ticketButtonType: 'url',
        ticketUrl: 'https://tix.example/continental',
      },
      today: { venue: 'Luckenbach Dance Hall', city: 'Luckenbach, TX', date: '2027-03-05' },
      undated: {
        venue: 'Cheatham Street',
        city: 'San Marcos, TX',
        date: '2027-04-02',
        time: 'TBA',
      },
      draft: { venue: 'Draft Hall', date: '2027-03-12', status: 'draft' },
      past: { venue: 'Past Hall', date: '2027-03-04' },
    });
  });

  const feed = () => request(t.server).get('/api/shows.ics').expect(200);

  it('is an iCalendar file a cache may keep for five minutes', async () => {
    const res = await feed();
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.text).toMatch(/\r\nEND:VCALENDAR\r\n$/);
  });

  it('holds exactly the published upcoming shows, soonest first', async () => {
    const { events } = parseCalendar((await feed()).text);
    expect(events.map((e) => e.uid)).toEqual(
      ['today', 'beforeDst', 'afterDst', 'undated'].map((name) => `show-${ids[name]}@wren.example`),
    );
  });

  it("starts each show at the time the artist typed, in the artist's zone, across the DST change", async () => {
    const { calendar, events } = parseCalendar((await feed()).text);
    const [, before, after] = events;
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['America/Chicago']);
    expect(before).toMatchObject({
      tzid: 'America/Chicago',
      wallClock: '2027-03-10T20:00:00',
      utc: '2027-03-11T02:00:00.000Z',
    });
    expect(after).toMatchObject({
      tzid: 'America/Chicago',
      wallClock: '2027-03-20T20:00:00',
      utc: '2027-03-21T01:00:00.000Z',
    });
  });

  it('makes a show whose time names no hour an all-day event on its date', async () => {
    const { events } = parseCalendar((await feed()).text);
    expect(events[3]).toMatchObject({ allDay: true, wallClock: '2027-04-02' });
  });

  it('names the artist and venue, the venue and city, and the ticket link where there is one', async () => {
    const { events } = parseCalendar((await feed()).text);
    expect(events[1]).toMatchObject({
      summary: 'Wren Calloway at Gruene Hall',
      location: 'Gruene Hall, New Braunfels, TX',
      url: null,
    });
    expect(events[2]).toMatchObject({
      summary: 'Wren Calloway at The Continental Club',
      location: 'The Continental Club, Austin, TX',
      url: 'https://tix.example/continental',
    });
  });

  it('answers 304 to a subscriber whose copy is current', async () => {
    const { headers } = await feed();
    expect(headers.etag).toBeDefined();
    await request(t.server).get('/api/shows.ics').set('If-None-Match', headers.etag).expect(304);
  });

  describe('one show', () => {
    it('is that show alone, as the same event as in the feed', async () => {
      const res = await request(t.server).get(`/api/shows/${ids.afterDst}.ics`).expect(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="show-${ids.afterDst}.ics"`,
      );
      const { events } = parseCalendar(res.text);
      const inFeed = parseCalendar((await feed()).text).events[2];
      expect(events).toEqual([inFeed]);
    });

    it.each([
      ['a draft', () => `${ids.draft}.ics`],
      ['a past show', () => `${ids.past}.ics`],
      ['an unknown id', () => '999999.ics'],
      ['a name that is not an id', () => 'abc.ics'],
      ['an id without .ics', () => `${ids.today}`],
    ])('answers 404 for %s', async (_case, file) => {
      const res = await request(t.server).get(`/api/shows/${file()}`).expect(404);
      expect(res.body.message).toBe('Show not found.');
    });
  });

  describe('a ticket link with reserved and unsafe characters', () => {
    const published = async (ticketUrl: string) => {
      const res = await admin
        .post('/api/admin/shows')
        .send(
          show({ venue: 'Broken Spoke', date: '2027-03-26', ticketButtonType: 'url', ticketUrl }),
        )
        .expect(201);
      return res.body.id as number;
    };
    const urlLines = (text: string) =>
      contentLines(text).filter((l) => l.startsWith('URL;VALUE=URI:'));

    it('writes the URI as it is, with no backslash before ; or , (RFC 5545 §3.3.13)', async () => {
      const id = await published('https://tickets.example.com/e?a=1;x=2,3');
      const file = (await request(t.server).get(`/api/shows/${id}.ics`).expect(200)).text;
      expect(urlLines(file)).toEqual(['URL;VALUE=URI:https://tickets.example.com/e?a=1;x=2,3']);
      expect(parseCalendar(file).events[0].url).toBe('https://tickets.example.com/e?a=1;x=2,3');
      const inFeed = urlLines((await feed()).text);
      expect(inFeed).toContain('URL;VALUE=URI:https://tickets.example.com/e?a=1;x=2,3');
    });

    it('percent-encodes what a URI may not hold, and keeps the description as text', async () => {
      const id = await published('https://tickets.example.com/Zoë?q="a"|{c}^`d`\\e');
      const file = (await request(t.server).get(`/api/shows/${id}.ics`).expect(200)).text;
      expect(urlLines(file)).toEqual([
        'URL;VALUE=URI:https://tickets.example.com/Zo%C3%AB?q=%22a%22%7C%7Bc%7D%5E%60d%60%5Ce',
      ]);
      expect(contentLines(file).find((l) => l.startsWith('DESCRIPTION:'))).toContain(
        'Tickets: https://tickets.example.com/Zoë?q="a"|{c}^`d`\\\\e',
      );
    });
  });

  describe('after the artist edits', () => {
    it('keeps the UID of an edited show and shows the change at once', async () => {
      const before = parseCalendar((await feed()).text).events[1];
      await admin
        .put(`/api/admin/shows/${ids.beforeDst}`)
        .send(show({ venue: 'Gruene Hall (upstairs)', date: '2027-03-10', time: '9:30 PM' }))
        .expect(200);
      const after = parseCalendar((await feed()).text).events[1];
      expect(after.uid).toBe(before.uid);
      expect(after).toMatchObject({
        summary: 'Wren Calloway at Gruene Hall (upstairs)',
        wallClock: '2027-03-10T21:30:00',
        utc: '2027-03-11T03:30:00.000Z',
      });
    });

    it('drops an unpublished show from the feed and answers 404 for its file', async () => {
      await admin
        .put(`/api/admin/shows/${ids.today}`)
        .send(show({ venue: 'Luckenbach Dance Hall', date: '2027-03-05', status: 'draft' }))
        .expect(200);
      const uids = parseCalendar((await feed()).text).events.map((e) => e.uid);
      expect(uids).not.toContain(`show-${ids.today}@wren.example`);
      await request(t.server).get(`/api/shows/${ids.today}.ics`).expect(404);
    });
  });

  it('starts a show abroad at the time typed in its own zone: "Glasgow, UK" at 8:00 PM is TZID=Europe/London', async () => {
    const res = await admin
      .post('/api/admin/shows')
      .send(show({ venue: "King Tut's", city: 'Glasgow, UK', date: '2027-07-10' }))
      .expect(201);
    expect(res.body.timeZone).toBe('Europe/London');
    try {
      const text = (await feed()).text;
      expect(contentLines(text)).toContain('DTSTART;TZID=Europe/London:20270710T200000');
      const { calendar, events } = parseCalendar(text);
      const zones = calendar.getAllSubcomponents('vtimezone');
      expect(zones.map((zone) => zone.getFirstPropertyValue('tzid')).sort()).toEqual([
        'America/Chicago',
        'Europe/London',
      ]);
      expect(events.find((e) => e.uid === `show-${res.body.id}@wren.example`)).toMatchObject({
        tzid: 'Europe/London',
        wallClock: '2027-07-10T20:00:00',
        utc: '2027-07-10T19:00:00.000Z',
      });
    } finally {
      await admin.delete(`/api/admin/shows/${res.body.id}`).expect(204);
    }
  });
});
