import { audioTypeOf } from './audio-type.js';

describe('audioTypeOf', () => {
  it('reads Ogg from the bytes and refuses text', async () => {
    const ogg = Buffer.concat([
      Buffer.from('OggS\0\x02', 'latin1'),
      Buffer.alloc(22),
      Buffer.from('\x01vorbis', 'latin1'),
      Buffer.alloc(40),
    ]);
    expect((await audioTypeOf(ogg))?.mime).toBe('audio/ogg');
    expect(await audioTypeOf(Buffer.from('just some text, not audio at all'))).toBeNull();
  });
});
