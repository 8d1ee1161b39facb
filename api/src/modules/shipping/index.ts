// What other modules may use of this one; they import nothing else of it.
export { SHIPPING_ENTITIES, ShippingModule } from './shipping.module.js';
export {
  countryName,
  type PricedRate,
  ShippingService,
  unknownRateMessage,
} from './shipping.service.js';
