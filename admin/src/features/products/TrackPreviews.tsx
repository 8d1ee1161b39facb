import { useState } from 'react';
import { PREVIEW_MAX_BYTES, type AdminProduct } from '@artist/contracts';
import { Alert, Flex, Form, Typography } from 'antd';
import { useToast } from '../../components/useToast.js';
import { uploadFailure } from '../gallery/photoUpload.js';
import { useUploadTrackPreviewMutation } from './productsApi.js';

/**
 * A release's track previews ("listen before you buy"): per track, whether it has one and a file
 * picker that uploads an MP3, Ogg or M4A (up to 20 MB) at once, replacing the one before.
 */
export function TrackPreviews({ release }: { release: AdminProduct }) {
  const [upload, { isLoading }] = useUploadTrackPreviewMutation();
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<Record<number, boolean>>({});
  const toast = useToast();
  if (release.tracks.length === 0) return null;

  const onPick = async (index: number, input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    try {
      await upload({ id: release.id, index, file }).unwrap();
      setUploaded((was) => ({ ...was, [index]: true }));
      toast.success(`Preview of ${release.tracks[index]!.title} uploaded`);
    } catch (err) {
      setError(uploadFailure(err));
    } finally {
      input.value = '';
    }
  };

  return (
    <Form.Item
      label="Track previews"
      extra={`MP3, Ogg or M4A, up to ${PREVIEW_MAX_BYTES / 1024 / 1024} MB each: fans can listen before they buy.`}
    >
      <Flex vertical gap={6}>
        {release.tracks.map((track, i) => (
          <Flex key={i} gap={8} align="center" wrap>
            <Typography.Text style={{ minWidth: 160 }}>
              {i + 1}. {track.title}
            </Typography.Text>
            <Typography.Text type="secondary">
              {track.previewUrl || uploaded[i] ? 'Has a preview' : 'No preview'}
            </Typography.Text>
            <input
              type="file"
              accept="audio/mpeg,audio/ogg,audio/mp4,.mp3,.ogg,.m4a"
              aria-label={`Preview of ${track.title}`}
              disabled={isLoading}
              onChange={(e) => void onPick(i, e.currentTarget)}
              style={{ maxWidth: '100%' }}
            />
          </Flex>
        ))}
        {error && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Form.Item>
  );
}
