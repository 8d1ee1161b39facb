// What other modules may use of this one; they import nothing else of it.
export { DEPLOY_ENTITIES, DeployModule } from './deploy.module.js';
export { DeployService } from './deploy.service.js';
export { releaseFiles } from './release-files.js';
