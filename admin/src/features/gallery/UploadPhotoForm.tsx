import { useRef, useState } from 'react';
import { GALLERY_ALT_MAX } from '@artist/contracts';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useToast } from '../../components/useToast.js';
import { useUploadPhotoMutation } from './galleryApi.js';
import { UPLOAD_ACCEPT, UPLOAD_MAX_MB, uploadFailure } from './photoUpload.js';

/** Height of the character count antd draws under a text box. */
const COUNT_ROOM = 24;

interface UploadValues {
  alt: string;
}

export function UploadPhotoForm() {
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadPhotoMutation();
  const toast = useToast();

  const onFinish = async ({ alt }: UploadValues) => {
    if (!file) {
      setError('Choose a photo to upload.');
      return;
    }
    setError(null);
    try {
      await upload({ photo: file, alt: alt.trim() }).unwrap();
      toast.success('Photo uploaded');
      form.resetFields();
      setFile(null);
      if (picker.current) picker.current.value = '';
    } catch (err) {
      setError(uploadFailure(err));
    }
  };

  return (
    <Form<UploadValues>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      requiredMark={false}
      aria-label="Upload a photo"
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        label="Photo"
        htmlFor="gallery-photo-file"
        extra={`JPEG, PNG, WebP or AVIF, up to ${UPLOAD_MAX_MB} MB. It appears last in the gallery.`}
      >
        <input
          id="gallery-photo-file"
          ref={picker}
          type="file"
          accept={UPLOAD_ACCEPT}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
      </Form.Item>
      <Form.Item
        label="Description"
        name="alt"
        extra="What the photo shows, for visitors who cannot see it."
        rules={[
          { required: true, whitespace: true, message: 'Describe the photo' },
          { max: GALLERY_ALT_MAX, message: `At most ${GALLERY_ALT_MAX} characters` },
        ]}
      >
        {/* antd draws the count below the box, over the help text: room is kept for it. */}
        <Input.TextArea
          rows={2}
          maxLength={GALLERY_ALT_MAX}
          showCount
          style={{ marginBottom: COUNT_ROOM }}
        />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Flex gap={8} align="center">
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Upload
        </Button>
        {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
      </Flex>
    </Form>
  );
}
