import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './env.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Makes the validated configuration injectable everywhere as `@Inject(APP_CONFIG)`. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
