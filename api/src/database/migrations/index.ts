import { CreateShows1763800000000 } from './1763800000000-CreateShows.js';
import { CreateAdminShopAndForms1763900000000 } from './1763900000000-CreateAdminShopAndForms.js';
import { CreateCheckoutSessions1764000000000 } from './1764000000000-CreateCheckoutSessions.js';
import { CreateRateLimitHits1764100000000 } from './1764100000000-CreateRateLimitHits.js';
import { AddOrderTestMode1764150000000 } from './1764150000000-AddOrderTestMode.js';
import { TrackPaymentsAfterCheckout1764200000000 } from './1764200000000-TrackPaymentsAfterCheckout.js';
import { CreateEmails1765400000000 } from './1765400000000-CreateEmails.js';
import { AddNewsletterConsent1765400000001 } from './1765400000001-AddNewsletterConsent.js';
import { IndexAdminLists1765450000000 } from './1765450000000-IndexAdminLists.js';
import { NameManualOrderItemsFromCatalogue1765500000300 } from './1765500000300-NameManualOrderItemsFromCatalogue.js';
import { CreateInventory1765700000000 } from './1765700000000-CreateInventory.js';
import { AddBackInStockAlerts1765700000100 } from './1765700000100-AddBackInStockAlerts.js';
import { AddOrderShow1765800000000 } from './1765800000000-AddOrderShow.js';
import { CreateFans1766500000000 } from './1766500000000-CreateFans.js';
import { CreateSiteContent1766600000000 } from './1766600000000-CreateSiteContent.js';
import { CreateGalleryPhotos1766600000100 } from './1766600000100-CreateGalleryPhotos.js';
import { IndexFanCounts1766800000000 } from './1766800000000-IndexFanCounts.js';
import { IndexListSorts1766700000000 } from './1766700000000-IndexListSorts.js';
import { CreateSearchGrams1766900000000 } from './1766900000000-CreateSearchGrams.js';
import { CreateSearchGramChanges1766900000100 } from './1766900000100-CreateSearchGramChanges.js';
import { RefoldSearchGrams1766900000200 } from './1766900000200-RefoldSearchGrams.js';
import { LeadSignupSearchIndexById1767000000000 } from './1767000000000-LeadSignupSearchIndexById.js';
import { SeparateConfirmTokens1767100000000 } from './1767100000000-SeparateConfirmTokens.js';
import { CompareAddressesExactly1767100000100 } from './1767100000100-CompareAddressesExactly.js';
import { AddStockReservationClient1767100000200 } from './1767100000200-AddStockReservationClient.js';
import { AddAccountSecurityAndRefunds1767200010000 } from './1767200010000-AddAccountSecurityAndRefunds.js';
import { AddCatalogPhotosSizesAndShowZones1767300000000 } from './1767300000000-AddCatalogPhotosSizesAndShowZones.js';
import { AddPlaces1767700000000 } from './1767700000000-AddPlaces.js';
import { CreateCampaigns1767700000100 } from './1767700000100-CreateCampaigns.js';
import { CreateShippingZones1767400000000 } from './1767400000000-CreateShippingZones.js';
import { CreateDiscountCodes1767400001000 } from './1767400001000-CreateDiscountCodes.js';
import { CreateClusterTables1767500000000 } from './1767500000000-CreateClusterTables.js';
import { AddPreOrders1767810000000 } from './1767810000000-AddPreOrders.js';
import { AddCheckoutReminders1767810001000 } from './1767810001000-AddCheckoutReminders.js';
import { AddTaxCodesAndTax1767810002000 } from './1767810002000-AddTaxCodesAndTax.js';

import { AddDigitalReleases1767820000000 } from './1767820000000-AddDigitalReleases.js';
import { CreateDownloadLinks1767820000100 } from './1767820000100-CreateDownloadLinks.js';
import { CreateDownloadCodes1767820000200 } from './1767820000200-CreateDownloadCodes.js';
import { NameEmailSubjects1767900000000 } from './1767900000000-NameEmailSubjects.js';
import { SearchFollowsWrites1767905000000 } from './1767905000000-SearchFollowsWrites.js';
import { FansKeepTheirFigures1767930000000 } from './1767930000000-FansKeepTheirFigures.js';
import { LeadFanSearchIndexById1767940000000 } from './1767940000000-LeadFanSearchIndexById.js';
import { CompareDownloadTokensExactly1767950000000 } from './1767950000000-CompareDownloadTokensExactly.js';
import { GiveCampaignPagesUnguessableIds1767970000000 } from './1767970000000-GiveCampaignPagesUnguessableIds.js';
import { FoldOncePerEmailAddresses1767980000000 } from './1767980000000-FoldOncePerEmailAddresses.js';
import { OrderLinesAndAddressColumns1768000000000 } from './1768000000000-OrderLinesAndAddressColumns.js';
import { CreateRemoteReleases1768010000000 } from './1768010000000-CreateRemoteReleases.js';
import { SearchOrdersByProductNames1768100000000 } from './1768100000000-SearchOrdersByProductNames.js';
import { CreateFanAccounts1768200000000 } from './1768200000000-CreateFanAccounts.js';
import { AddCampaignTopics1768201000000 } from './1768201000000-AddCampaignTopics.js';
import { FansSpendNetOfRefunds1768300000000 } from './1768300000000-FansSpendNetOfRefunds.js';
import { WidenSizeNames1768400000000 } from './1768400000000-WidenSizeNames.js';
import { ListProductPhotos1768401000000 } from './1768401000000-ListProductPhotos.js';
import { AddOrderShipments1768402000000 } from './1768402000000-AddOrderShipments.js';
import { CampaignListsFixedInTheBackground1768500000000 } from './1768500000000-CampaignListsFixedInTheBackground.js';
import { CreateMemberships1768600000000 } from './1768600000000-CreateMemberships.js';
import { AddMembershipCheckouts1768600000100 } from './1768600000100-AddMembershipCheckouts.js';
import { AddMembershipPresales1768600000200 } from './1768600000200-AddMembershipPresales.js';
import { AddReleaseDates1768600000300 } from './1768600000300-AddReleaseDates.js';
import { CoverTheSalesReport1768700000001 } from './1768700000001-CoverTheSalesReport.js';
import { AddEmailLanes1768800000200 } from './1768800000200-AddEmailLanes.js';
import { KeepDailySales1768800000400 } from './1768800000400-KeepDailySales.js';
import { QueueCampaignMessagesInTheOutbox1768800001000 } from './1768800001000-QueueCampaignMessagesInTheOutbox.js';
import { IndexTheOrdersByCustomer1768900000000 } from './1768900000000-IndexTheOrdersByCustomer.js';
import { ListTypographicTextInTheSearchIndex1769000000000 } from './1769000000000-ListTypographicTextInTheSearchIndex.js';
import { IndexTheOrdersByFanAndStatus1769000000100 } from './1769000000100-IndexTheOrdersByFanAndStatus.js';
import { CompileEmailsAtHandOver1769000000200 } from './1769000000200-CompileEmailsAtHandOver.js';
import { StoreTheSubscriptionState1769000000300 } from './1769000000300-StoreTheSubscriptionState.js';

/** In order of application. */
export const migrations = [
  CreateShows1763800000000,
  CreateAdminShopAndForms1763900000000,
  CreateCheckoutSessions1764000000000,
  CreateRateLimitHits1764100000000,
  AddOrderTestMode1764150000000,
  TrackPaymentsAfterCheckout1764200000000,
  CreateEmails1765400000000,
  AddNewsletterConsent1765400000001,
  IndexAdminLists1765450000000,
  NameManualOrderItemsFromCatalogue1765500000300,
  CreateInventory1765700000000,
  AddBackInStockAlerts1765700000100,
  AddOrderShow1765800000000,
  CreateFans1766500000000,
  CreateSiteContent1766600000000,
  CreateGalleryPhotos1766600000100,
  IndexListSorts1766700000000,
  IndexFanCounts1766800000000,
  CreateSearchGrams1766900000000,
  CreateSearchGramChanges1766900000100,
  RefoldSearchGrams1766900000200,
  LeadSignupSearchIndexById1767000000000,
  SeparateConfirmTokens1767100000000,
  CompareAddressesExactly1767100000100,
  AddStockReservationClient1767100000200,
  AddAccountSecurityAndRefunds1767200010000,
  AddCatalogPhotosSizesAndShowZones1767300000000,
  AddPlaces1767700000000,
  CreateCampaigns1767700000100,
  CreateShippingZones1767400000000,
  CreateDiscountCodes1767400001000,
  CreateClusterTables1767500000000,
  AddPreOrders1767810000000,
  AddCheckoutReminders1767810001000,
  AddTaxCodesAndTax1767810002000,
  AddDigitalReleases1767820000000,
  CreateDownloadLinks1767820000100,
  CreateDownloadCodes1767820000200,
  NameEmailSubjects1767900000000,
  SearchFollowsWrites1767905000000,
  FansKeepTheirFigures1767930000000,
  LeadFanSearchIndexById1767940000000,
  CompareDownloadTokensExactly1767950000000,
  GiveCampaignPagesUnguessableIds1767970000000,
  FoldOncePerEmailAddresses1767980000000,
  OrderLinesAndAddressColumns1768000000000,
  CreateRemoteReleases1768010000000,
  SearchOrdersByProductNames1768100000000,
  CreateFanAccounts1768200000000,
  AddCampaignTopics1768201000000,
  FansSpendNetOfRefunds1768300000000,
  WidenSizeNames1768400000000,
  ListProductPhotos1768401000000,
  AddOrderShipments1768402000000,
  CampaignListsFixedInTheBackground1768500000000,
  CreateMemberships1768600000000,
  AddMembershipCheckouts1768600000100,
  AddMembershipPresales1768600000200,
  AddReleaseDates1768600000300,
  CoverTheSalesReport1768700000001,
  AddEmailLanes1768800000200,
  KeepDailySales1768800000400,
  QueueCampaignMessagesInTheOutbox1768800001000,
  IndexTheOrdersByCustomer1768900000000,
  ListTypographicTextInTheSearchIndex1769000000000,
  IndexTheOrdersByFanAndStatus1769000000100,
  CompileEmailsAtHandOver1769000000200,
  StoreTheSubscriptionState1769000000300,
];
