// Kysely's view of the tables. Migrations never import this file (they are frozen
// history); this file follows them.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

interface LeadColumns {
  id: Generated<string>;
  idempotency_key: string | null;
  request_hash: string | null;
}

export interface ContactMessagesTable extends LeadColumns {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  created_at: CreatedAt;
}
export interface FreeJoinUsersTable extends LeadColumns {
  name: string;
  email: string;
  phone: string;
  joined_at: CreatedAt;
}
export interface EnquiriesTable extends LeadColumns {
  background: string;
  course: string;
  name: string;
  email: string;
  phone: string;
  created_at: CreatedAt;
}
export interface JoinNowUsersTable extends LeadColumns {
  name: string;
  phone: string;
  email: string;
  password_hash: string;
  created_at: CreatedAt;
}
export interface PersonalityUsersTable extends LeadColumns {
  name: string;
  phone: string;
  email: string;
  password_hash: string;
  created_at: CreatedAt;
}

export interface Database {
  contact_messages: ContactMessagesTable;
  free_join_users: FreeJoinUsersTable;
  enquiries: EnquiriesTable;
  join_now_users: JoinNowUsersTable;
  personality_users: PersonalityUsersTable;
}
