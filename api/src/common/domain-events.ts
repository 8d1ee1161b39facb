import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent, DomainEventAnswer, DomainEventName } from './events.js';

/**
 * A handler of one event. It works with the publisher's manager, so it runs inside the
 * publisher's transaction when there is one: its writes commit or roll back with the cause.
 */
export type DomainEventHandler<K extends DomainEventName> = (
  manager: EntityManager,
  event: DomainEvent<K>,
) => Promise<DomainEventAnswer<K>>;

/**
 * The app's one event provider (one per app, from `CommonModule`): modules register handlers with
 * `on` where they are made, and a module publishes with its transaction's manager. Handlers run
 * one after another, in the order they registered, and the publisher gets their answers.
 */
@Injectable()
export class DomainEvents {
  private readonly handlers = new Map<DomainEventName, unknown[]>();

  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler);
    this.handlers.set(name, list);
  }

  /** Runs every handler of the event with this manager; their answers, in order. */
  async publish<K extends DomainEventName>(
    manager: EntityManager,
    name: K,
    event: DomainEvent<K>,
  ): Promise<DomainEventAnswer<K>[]> {
    const answers: DomainEventAnswer<K>[] = [];
    const handlers = (this.handlers.get(name) ?? []) as DomainEventHandler<K>[];
    for (const handler of handlers) answers.push(await handler(manager, event));
    return answers;
  }

  /** The fan an address belongs to (`AddressSeen`), inside the caller's transaction. */
  async fanOf(manager: EntityManager, email: string | null | undefined, seenAt: Date) {
    const [fanId = null] = await this.publish(manager, 'AddressSeen', { email, seenAt });
    return fanId;
  }
}
