import { GALLERY_ALT_MAX, type GalleryPhoto, serverMessage } from '@artist/contracts';
import { Form, Input } from 'antd';
import { FormDialog } from '../../components/FormDialog.js';
import { useToast } from '../../components/useToast.js';
import { useUpdatePhotoAltMutation } from './galleryApi.js';

/** Corrects a photo's description. */
export function EditAltDialog({ photo, onClose }: { photo: GalleryPhoto; onClose: () => void }) {
  const [form] = Form.useForm<{ alt: string }>();
  const [update, { isLoading }] = useUpdatePhotoAltMutation();
  const toast = useToast();

  const onFinish = async ({ alt }: { alt: string }) => {
    try {
      await update({ id: photo.id, alt: alt.trim() }).unwrap();
      toast.success('Description saved');
      onClose();
    } catch (err) {
      toast.error('Failed to save the description', err, serverMessage(err));
    }
  };

  return (
    <FormDialog<{ alt: string }>
      form={form}
      title="Edit description"
      submitText="Save"
      saving={isLoading}
      onClose={onClose}
      initialValues={{ alt: photo.alt }}
      onFinish={onFinish}
      above={
        <img
          src={photo.medium.webp}
          alt=""
          width={300}
          height={200}
          style={{ objectFit: 'cover', borderRadius: 4, marginBottom: 16, maxWidth: '100%' }}
        />
      }
    >
      <Form.Item
        label="Description"
        name="alt"
        rules={[
          { required: true, whitespace: true, message: 'Describe the photo' },
          { max: GALLERY_ALT_MAX, message: `At most ${GALLERY_ALT_MAX} characters` },
        ]}
      >
        <Input.TextArea rows={2} maxLength={GALLERY_ALT_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
