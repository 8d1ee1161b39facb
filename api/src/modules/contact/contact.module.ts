import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessage } from './contact-message.entity.js';
import { ContactController, ContactListController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { ContactPersonalData } from './contact.personal-data.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const CONTACT_ENTITIES = [ContactMessage];

@Module({
  imports: [TypeOrmModule.forFeature(CONTACT_ENTITIES)],
  controllers: [ContactListController, ContactController],
  providers: [ContactService, ContactPersonalData],
  exports: [ContactService],
})
export class ContactModule {}
