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
import { AuthModule } from './modules/auth/index.js';
import { CampaignsModule } from './modules/campaigns/index.js';
import { CatalogModule } from './modules/catalog/index.js';
import { CheckoutModule } from './modules/checkout/index.js';
import { ClusterModule } from './modules/cluster/index.js';
import { ContactModule } from './modules/contact/index.js';
import { ContentModule } from './modules/content/index.js';
import { EmailModule } from './modules/email/index.js';
import { FansModule } from './modules/fans/index.js';
import { GalleryModule } from './modules/gallery/index.js';
import { HealthModule } from './modules/health/index.js';
import { MembershipsModule } from './modules/memberships/index.js';
import { PresalesModule } from './modules/presales/index.js';
import { MetricsModule } from './modules/metrics/index.js';
import { NewsletterModule } from './modules/newsletter/index.js';
import { NotifyModule } from './modules/notify/index.js';
import { RateLimitModule } from './modules/rate-limit/index.js';
import { OrdersModule } from './modules/orders/index.js';
import { OverviewModule } from './modules/overview/index.js';
import { SalesModule } from './modules/sales/index.js';
import { ShowsModule } from './modules/shows/index.js';
import { StorageModule } from './modules/storage/index.js';
import { ShippingModule } from './modules/shipping/index.js';
import { DiscountsModule } from './modules/discounts/index.js';
import { DeployModule } from './modules/deploy/index.js';
import { ReleasesModule } from './modules/releases/index.js';
import { SearchModule } from './modules/search/index.js';

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
