import { open } from 'node:fs/promises';

/** The audio types a track's preview may be, by what `file-type` reads in its bytes. */
export const PREVIEW_TYPES: Record<string, { mime: string; extension: string }> = {
  'audio/mpeg': { mime: 'audio/mpeg', extension: 'mp3' },
  'audio/ogg': { mime: 'audio/ogg', extension: 'ogg' },
  'audio/opus': { mime: 'audio/ogg', extension: 'ogg' },
  'audio/x-m4a': { mime: 'audio/mp4', extension: 'm4a' },
  'audio/mp4': { mime: 'audio/mp4', extension: 'm4a' },
  'video/mp4': { mime: 'audio/mp4', extension: 'm4a' },
};

/** Bytes read from the start of a file to tell its type: enough for each of PREVIEW_TYPES. */
const HEAD_BYTES = 64 * 1024;

/**
 * The preview type of audio bytes (or of the file at a path), read from its content, never its
 * name: MP3, Ogg (Vorbis or Opus) or M4A; null for anything else.
 */
export async function audioTypeOf(
  source: Buffer | string,
): Promise<{ mime: string; extension: string } | null> {
  const head = typeof source === 'string' ? await headOf(source) : source;
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(head);
  return (found && PREVIEW_TYPES[found.mime]) ?? null;
}

async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
