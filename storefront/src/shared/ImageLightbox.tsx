import { Modal } from 'antd';
import { AntdTheme } from './AntdTheme.js';

export interface LightboxImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** An enlarged image with a close button; Escape closes it and focus returns to the opener. */
export default function ImageLightbox({
  image,
  open,
  onClose,
}: {
  image: LightboxImage;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <AntdTheme>
      <Modal
        open={open}
        onCancel={onClose}
        footer={null}
        centered
        width="min(94vw, 1100px)"
        title={image.alt}
        classNames={{ body: 'lightbox__body' }}
      >
        <img
          className="lightbox__image"
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
        />
      </Modal>
    </AntdTheme>
  );
}
