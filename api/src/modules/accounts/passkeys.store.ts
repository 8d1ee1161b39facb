import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Passkey } from './account.entity.js';

/** The fans' passkeys (`account_passkeys`). */
@Injectable()
export class PasskeysStore {
  of(manager: EntityManager, fanId: number): Promise<Passkey[]> {
    return manager.find(Passkey, { where: { fanId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async remove(manager: EntityManager, passkeys: Passkey[]): Promise<number> {
    if (passkeys.length) await manager.delete(Passkey, { id: In(passkeys.map((p) => p.id)) });
    return passkeys.length;
  }
}
