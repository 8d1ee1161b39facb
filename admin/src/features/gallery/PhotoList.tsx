import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { GalleryPhoto } from '@artist/contracts';
import { Button, Flex, Typography } from 'antd';

export interface PhotoActions {
  onMove: (ids: number[]) => void;
  onEdit: (photo: GalleryPhoto) => void;
  onDelete: (photo: GalleryPhoto) => void;
}

/** Screen-reader announcements of a keyboard drag, in the artist's terms. */
const announcements = (photos: GalleryPhoto[]) => {
  const name = (id: number | string) => photos.find((p) => p.id === id)?.alt ?? 'photo';
  const place = (id: number | string | undefined) =>
    id === undefined ? '' : ` to place ${photos.findIndex((p) => p.id === id) + 1}`;
  return {
    onDragStart: ({ active }: { active: { id: number | string } }) =>
      `Picked up ${name(active.id)}.`,
    onDragOver: ({
      active,
      over,
    }: {
      active: { id: number | string };
      over: { id: number | string } | null;
    }) => `${name(active.id)} moved${place(over?.id)}.`,
    onDragEnd: ({
      active,
      over,
    }: {
      active: { id: number | string };
      over: { id: number | string } | null;
    }) => `${name(active.id)} dropped${place(over?.id)}.`,
    onDragCancel: ({ active }: { active: { id: number | string } }) =>
      `Moving ${name(active.id)} cancelled.`,
  };
};

/**
 * The gallery in its order, each photo with its thumbnail and description. The order changes by
 * dragging the handle (mouse, touch, or the keyboard: Space to pick up, arrows, Space to drop) or
 * with the Move up and Move down buttons.
 */
export function PhotoList({ photos, ...actions }: { photos: GalleryPhoto[] } & PhotoActions) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = photos.map((p) => p.id);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    actions.onMove(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(photos) }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol
          aria-label="Photos in gallery order"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {photos.map((photo, index) => (
            <PhotoRow
              key={photo.id}
              photo={photo}
              place={index + 1}
              first={index === 0}
              last={index === photos.length - 1}
              onMoveBy={(step) => actions.onMove(arrayMove(ids, index, index + step))}
              {...actions}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function PhotoRow({
  photo,
  place,
  first,
  last,
  onMoveBy,
  onEdit,
  onDelete,
}: {
  photo: GalleryPhoto;
  place: number;
  first: boolean;
  last: boolean;
  onMoveBy: (step: number) => void;
} & Omit<PhotoActions, 'onMove'>) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: photo.id });

  return (
    <li
      ref={setNodeRef}
      aria-label={`Photo ${place}: ${photo.alt}`}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: '#fff',
        border: '1px solid #eadfce',
        borderRadius: 8,
        padding: 8,
        marginBottom: 8,
        boxShadow: isDragging ? '0 4px 12px rgba(0,0,0,0.15)' : undefined,
      }}
    >
      <Flex gap={12} align="center" wrap>
        <Button
          ref={setActivatorNodeRef}
          type="text"
          aria-label={`Drag to reorder: ${photo.alt}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          ⠿
        </Button>
        <img
          src={photo.medium.webp}
          alt=""
          width={120}
          height={80}
          style={{ objectFit: 'cover', borderRadius: 4 }}
        />
        <Typography.Text style={{ flex: '1 1 200px' }}>{photo.alt}</Typography.Text>
        <Flex gap={4} wrap>
          <Button
            size="small"
            disabled={first}
            onClick={() => onMoveBy(-1)}
            aria-label={`Move up: ${photo.alt}`}
          >
            Move up
          </Button>
          <Button
            size="small"
            disabled={last}
            onClick={() => onMoveBy(1)}
            aria-label={`Move down: ${photo.alt}`}
          >
            Move down
          </Button>
          <Button
            size="small"
            onClick={() => onEdit(photo)}
            aria-label={`Edit description: ${photo.alt}`}
          >
            Edit description
          </Button>
          <Button
            size="small"
            danger
            onClick={() => onDelete(photo)}
            aria-label={`Delete: ${photo.alt}`}
          >
            Delete
          </Button>
        </Flex>
      </Flex>
    </li>
  );
}
