import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotifyMe } from './notify-me.entity.js';
import { NotifyController } from './notify.controller.js';
import { NotifyService } from './notify.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([NotifyMe])],
  controllers: [NotifyController],
  providers: [NotifyService],
  exports: [NotifyService],
})
export class NotifyModule {}
