import { Column } from 'typeorm';
import type { Place } from './places.service.js';

/**
 * The columns of a row placed on the map: the point `PlacesService` found for the place the row
 * names (a show's city, a fan's location), all null when it found none. Announcements of a show
 * go to the fans near its point.
 */
export abstract class PlaceColumns {
  @Column({ type: 'double', nullable: true })
  latitude: number | null;

  @Column({ type: 'double', nullable: true })
  longitude: number | null;

  /** ISO 3166-1 alpha-2 code of the point's country. */
  @Column({ type: 'varchar', length: 2, nullable: true })
  country: string | null;
}

/** The values of `PlaceColumns` for a place found, or for none. */
export function placeColumns(place: Place | null): Pick<PlaceColumns, keyof PlaceColumns> {
  return {
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    country: place?.country ?? null,
  };
}
