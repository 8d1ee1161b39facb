import { Injectable } from '@nestjs/common';

/** Whether this instance is stopping (SIGTERM): readiness then answers 503 for the proxy. */
@Injectable()
export class InstanceState {
  stopping = false;
}
