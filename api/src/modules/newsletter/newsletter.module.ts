import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlacesModule } from '../places/index.js';
import { EmailSignup } from './email-signup.entity.js';
import { NewsletterController, NewsletterLinksController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';
import { NewsletterPersonalData } from './newsletter.personal-data.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const NEWSLETTER_ENTITIES = [EmailSignup];

@Module({
  imports: [TypeOrmModule.forFeature(NEWSLETTER_ENTITIES), PlacesModule],
  controllers: [NewsletterController, NewsletterLinksController],
  providers: [NewsletterService, NewsletterPersonalData],
  exports: [NewsletterService],
})
export class NewsletterModule {}
