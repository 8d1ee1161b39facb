import type { PublicShow } from '@artist/contracts';
import { musicEvent, structuredDataScript } from './show-structured-data.js';

const site = {
  artistName: 'Wren Calloway',
  publicUrl: 'https://wren.example',
  timeZone: 'America/Chicago',
};

const show = (fields: Partial<PublicShow> = {}): PublicShow => ({
  id: 7,
  date: '2027-07-04',
  venue: 'Gruene Hall',
  city: 'New Braunfels, TX',
  time: '8:00 PM',
  ageRequirement: '21+',
  soldOut: 'false',
  ticketButtonType: 'url',
  ticketUrl: 'https://tix.example/7',
  timeZone: 'America/Chicago',
  ...fields,
});

describe('musicEvent', () => {
  it("starts at the show's own time zone's offset that day", () => {
    const glasgow = show({ city: 'Glasgow, UK', timeZone: 'Europe/London' });
    expect(musicEvent(glasgow, site).startDate).toBe('2027-07-04T20:00:00+01:00');
    const winter = show({ date: '2027-01-15', timeZone: 'Europe/London' });
    expect(musicEvent(winter, site).startDate).toBe('2027-01-15T20:00:00+00:00');
  });

  it("falls back to the artist's zone for a show without one", () => {
    expect(musicEvent(show({ timeZone: '' }), site).startDate).toBe('2027-07-04T20:00:00-05:00');
  });

  it('describes the show as a schema.org MusicEvent', () => {
    expect(musicEvent(show(), site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      name: 'Wren Calloway at Gruene Hall',
      startDate: '2027-07-04T20:00:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Gruene Hall',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'New Braunfels',
          addressRegion: 'TX',
        },
      },
      performer: { '@type': 'MusicGroup', name: 'Wren Calloway', url: 'https://wren.example' },
      url: 'https://wren.example/#shows',
      offers: {
        '@type': 'Offer',
        url: 'https://tix.example/7',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it.each([
    [{ soldOut: 'true' }, 'https://schema.org/SoldOut'],
    [{ ticketButtonType: 'free', ticketUrl: null }, 'https://schema.org/InStock'],
  ])('offers %j as %s', (fields, availability) => {
    expect(musicEvent(show(fields), site).offers).toMatchObject({ availability });
  });

  it('offers nothing while tickets are not on sale yet', () => {
    expect(
      musicEvent(show({ ticketButtonType: 'soon', ticketUrl: null }), site),
    ).not.toHaveProperty('offers');
  });

  it('gives the date alone when the time names no time of day, and a city without a region', () => {
    const event = musicEvent(show({ time: 'TBA', city: 'Luckenbach' }), site);
    expect(event.startDate).toBe('2027-07-04');
    expect(event.location.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Luckenbach',
    });
  });
});

describe('structuredDataScript', () => {
  it('cannot be closed or commented out by the text of a show', () => {
    const venue = '</script><script>alert(1)</script><!-- & more';
    const script = structuredDataScript([show({ venue })], site);
    const body = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
    expect(body).not.toMatch(/[<>&]/);
    expect(body).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(body)[0].location.name).toBe(venue);
  });

  it('writes nothing without shows', () => {
    expect(structuredDataScript([], site)).toBe('');
  });
});
