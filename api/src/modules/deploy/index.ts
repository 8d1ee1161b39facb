export { DEPLOY_ENTITIES, DeployModule } from './deploy.module.js';
export { DeployService } from './deploy.service.js';
export { releaseFiles } from './release-files.js';
