import { Readable } from 'node:stream';
import { BadRequestException } from '@nestjs/common';
import { AppValidationPipe, badTextField } from './validation.js';

describe('badTextField', () => {
  it('names a lone surrogate or a control character by its dotted path', () => {
    expect(badTextField({ a: [{ b: 'x\ud800' }] })).toEqual({
      field: 'a.0.b',
      problem: 'ill-formed',
    });
    expect(badTextField({ a: 'ok', b: { c: 'bell\u0007' } })).toEqual({
      field: 'b.c',
      problem: 'control character',
    });
    expect(badTextField('nul\u0000')).toEqual({ field: '', problem: 'control character' });
  });

  it('refuses every C0 control character but tab and LF, and a CR outside CRLF', () => {
    const refused = [];
    for (let code = 0; code < 0x20; code++) {
      if (badTextField({ t: `a${String.fromCharCode(code)}b` })) refused.push(code);
    }
    expect(refused).toEqual([
      ...Array.from({ length: 9 }, (_, i) => i),
      0x0b,
      0x0c,
      0x0d,
      ...Array.from({ length: 0x20 - 0x0e }, (_, i) => 0x0e + i),
    ]);
    expect(badTextField({ t: 'line one\r\nline two\n\tindented\r\n' })).toBeNull();
    expect(badTextField({ t: 'line one\rline two' })?.problem).toBe('control character');
    expect(badTextField({ t: 'ends in CR\r' })?.problem).toBe('control character');
    expect(badTextField({ t: 'DEL \u007f and é, 🎸' })).toBeNull();
  });

  it('reads objects without a prototype (a query, a multipart form) as plain objects', () => {
    const form = Object.assign(Object.create(null) as object, { alt: 'a\u0000' });
    expect(badTextField(form)).toEqual({ field: 'alt', problem: 'control character' });
  });

  it('never walks a Buffer, a typed array, a stream or a class instance', () => {
    class Upload {
      readonly name = 'x\u0000';
    }
    const bytes = Buffer.from('\u0000\ud800');
    let reads = 0;
    const counted = new Proxy(bytes, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(badTextField(counted)).toBeNull();
    expect(reads).toBeLessThan(5);
    expect(badTextField({ file: new Uint16Array([0xd800]) })).toBeNull();
    expect(badTextField({ stream: Readable.from(['\u0000']) })).toBeNull();
    expect(badTextField({ upload: new Upload() })).toBeNull();
  });

  it('counts each child before queueing it and stops at the limit', () => {
    const values = Array.from({ length: 1000 }, () => 'fine');
    let read = 0;
    const counted = new Proxy(values, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(badTextField(counted, 100)).toBeNull();
    expect(read).toBe(100);
    expect(badTextField([...values, 'a\u0000'], 2000)).toEqual({
      field: '1000',
      problem: 'control character',
    });
  });
});

describe('AppValidationPipe', () => {
  const pipe = new AppValidationPipe();
  const refusal = async (value: unknown, type: 'body' | 'query' | 'param' | 'custom') => {
    try {
      await pipe.transform(value, { type, data: type === 'param' ? 'token' : undefined });
      return null;
    } catch (error) {
      return (error as BadRequestException).getResponse();
    }
  };

  it('refuses a control character in a body, a query or a route parameter, naming the field', async () => {
    expect(await refusal({ message: 'hi\u0000' }, 'body')).toEqual({
      message: 'message must not contain control characters',
      errors: [{ field: 'message', messages: ['message must not contain control characters'] }],
    });
    expect(await refusal({ search: 'a\u0007' }, 'query')).toMatchObject({
      message: 'search must not contain control characters',
    });
    expect(await refusal('a\u001b', 'param')).toMatchObject({
      message: 'token must not contain control characters',
    });
    expect(await refusal({ email: 'a\u0000@example.com' }, 'body')).toMatchObject({
      message: 'Please enter a valid email address',
      errors: [{ field: 'email', messages: ['Please enter a valid email address'] }],
    });
  });

  it('passes an uploaded file (a custom parameter) through without reading its bytes', async () => {
    let reads = 0;
    const buffer = new Proxy(Buffer.alloc(1024 * 1024), {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(await refusal({ fieldname: 'photo', buffer }, 'custom')).toBeNull();
    expect(reads).toBe(0);
  });
});
