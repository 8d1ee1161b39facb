import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig } from './config/env.js';
import { dataSourceOptions, openDatabase } from './database/data-source.js';
import { DatabaseModule } from './database/database.module.js';
import { SqliteInUseError } from './database/sqlite-guard.js';
import { LoggingModule } from './common/logger.js';
import { CommonModule } from './common/common.module.js';
import { AccountsModule } from './modules/accounts/index.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CampaignsModule } from './modules/campaigns/campaigns.module.js';
import { CatalogModule } from './modules/catalog/catalog.module.js';
import { CheckoutModule } from './modules/checkout/checkout.module.js';
import { ClusterModule } from './modules/cluster/cluster.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { ContentModule } from './modules/content/content.module.js';
import { EmailModule } from './modules/email/email.module.js';
import { FansModule } from './modules/fans/fans.module.js';
import { GalleryModule } from './modules/gallery/gallery.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MembershipsModule } from './modules/memberships/memberships.module.js';
import { PresalesModule } from './modules/presales/presales.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { NewsletterModule } from './modules/newsletter/newsletter.module.js';
import { NotifyModule } from './modules/notify/notify.module.js';
import { RateLimitModule } from './modules/rate-limit/rate-limit.module.js';
import { OrdersModule } from './modules/orders/orders.module.js';
import { OverviewModule } from './modules/overview/overview.module.js';
import { SalesModule } from './modules/sales/sales.module.js';
import { ShowsModule } from './modules/shows/shows.module.js';
import { StorageModule } from './modules/storage/storage.module.js';
import { ShippingModule } from './modules/shipping/shipping.module.js';
import { DiscountsModule } from './modules/discounts/discounts.module.js';
import { DeployModule } from './modules/deploy/index.js';
import { ReleasesModule } from './modules/releases/releases.module.js';
import { SearchModule } from './modules/search/search.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        StorageModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            // Each module registers its own tables (TypeOrmModule.forFeature).
            ...dataSourceOptions(config.database, []),
            autoLoadEntities: true,
            // A database still starting is waited for; a SQLite file in use is not.
            toRetry: (error: unknown) => !(error instanceof SqliteInUseError),
          }),
          dataSourceFactory: (options) => openDatabase(options!),
        }),
        DatabaseModule,
        CommonModule,
        SearchModule,
        ClusterModule,
        EmailModule,
        MetricsModule,
        RateLimitModule,
        HealthModule,
        AuthModule,
        CatalogModule,
        CheckoutModule,
        MembershipsModule,
        ShippingModule,
        DiscountsModule,
        ShowsModule,
        OrdersModule,
        NotifyModule,
        NewsletterModule,
        ContactModule,
        OverviewModule,
        SalesModule,
        FansModule,
        ContentModule,
        GalleryModule,
        CampaignsModule,
        PresalesModule,
        ReleasesModule,
        DeployModule,
        AccountsModule,
      ],
    };
  }
}
