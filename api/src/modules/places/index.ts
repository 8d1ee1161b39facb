// What other modules may use of this one; they import nothing else of it.
export { PlacesModule } from './places.module.js';
export { PlaceColumns, placeColumns } from './place-columns.js';
export { distanceKm, type Place, PlacesService } from './places.service.js';
