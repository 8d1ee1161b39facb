import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeployController } from './deploy.controller.js';
import { DeployService } from './deploy.service.js';
import { DeployTokenGuard } from './deploy-tokens.js';
import { LiveChange } from './live-change.entity.js';
import { RemoteRelease } from './remote-release.entity.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const DEPLOY_ENTITIES = [RemoteRelease, LiveChange];

/** Versioned releases of the remotes, published and made live through the API. */
@Module({
  imports: [TypeOrmModule.forFeature(DEPLOY_ENTITIES)],
  controllers: [DeployController],
  providers: [DeployService, DeployTokenGuard],
  exports: [DeployService],
})
export class DeployModule {}
