import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The artist's account. The id is a UUID made by the server (portable across both databases). */
@Entity('users')
export class User {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 50 })
  username: string;

  /** argon2id hash. */
  @Column({ type: 'varchar', length: 255 })
  password: string;
}
