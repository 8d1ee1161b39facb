import { useEffect, useState } from 'react';
import type { GalleryPhoto } from '@artist/contracts';
import { Divider, Empty, Spin, Typography } from 'antd';
import { useConfirm } from '../../components/useConfirm.js';
import { useToast } from '../../components/useToast.js';
import { EditAltDialog } from './EditAltDialog.js';
import {
  useDeletePhotoMutation,
  useGetGalleryPhotosQuery,
  useReorderPhotosMutation,
} from './galleryApi.js';
import { PhotoList } from './PhotoList.js';
import { UploadPhotoForm } from './UploadPhotoForm.js';

/** The gallery of the public page: upload, describe, reorder and remove its photos. */
export function PhotosTab() {
  const { data, isLoading, error } = useGetGalleryPhotosQuery();
  const [reorder] = useReorderPhotosMutation();
  const [deletePhoto] = useDeletePhotoMutation();
  const [editing, setEditing] = useState<GalleryPhoto | null>(null);
  const toast = useToast();
  const { confirmDelete } = useConfirm();

  useEffect(() => {
    if (error) toast.error('Failed to load photos', error);
  }, [error, toast]);

  const onMove = (ids: number[]) =>
    reorder(ids)
      .unwrap()
      .catch((err: unknown) => toast.error('Failed to save the new order', err));

  const onDelete = (photo: GalleryPhoto) =>
    confirmDelete({
      title: 'Delete this photo?',
      content: `“${photo.alt}” is removed from the gallery and its files are deleted. This cannot be undone.`,
      run: () => deletePhoto(photo.id).unwrap(),
      success: 'Photo deleted',
      failure: 'Failed to delete the photo',
    });

  const photos = data?.rows ?? [];
  return (
    <>
      <UploadPhotoForm />
      <Divider />
      <Typography.Paragraph type="secondary">
        Drag a photo by its handle, or use Move up and Move down, to change its place on the site.
      </Typography.Paragraph>
      {isLoading ? (
        <Spin />
      ) : photos.length === 0 ? (
        <Empty description="No photos in the gallery yet" />
      ) : (
        <PhotoList photos={photos} onMove={onMove} onEdit={setEditing} onDelete={onDelete} />
      )}
      {editing && <EditAltDialog photo={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
