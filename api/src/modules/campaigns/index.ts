// What other modules may use of this one; they import nothing else of it.
export { CAMPAIGNS_ENTITIES, CampaignsModule } from './campaigns.module.js';
export { CampaignsService } from './campaigns.service.js';
