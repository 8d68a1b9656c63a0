import type { ColumnType, Generated } from 'kysely';
import type { ChannelKind, DeliveryStatus } from '@platter/domain';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface MessageChannelsTable {
  id: Generated<string>;
  user_id: string;
  kind: ChannelKind;
  name: ColumnType<string, string | undefined, string>;
  /** What the user sees of the destination, masked. */
  target: string;
  /** The channel's settings and secrets, JSON sealed with the secret box (purpose 'message-channel'). */
  config: string;
  verified_at: NullableTime;
  /** Keyed hash of the verification code sent through the channel. */
  code_hash: ColumnType<string | null, string | null | undefined, string | null>;
  code_expires_at: NullableTime;
  code_sent_at: NullableTime;
  code_failures: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
}

export interface MessageEventChannelsTable {
  channel_id: string;
  event: string;
  user_id: string;
}

export interface MessageEventSettingsTable {
  user_id: string;
  event: string;
  threshold: number;
}

export interface MessageOutboxTable {
  id: Generated<string>;
  channel_id: string;
  user_id: string;
  event: string;
  subject: string;
  idempotency_key: Generated<string>;
  title: string;
  body: string;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_attempt_at: NullableTime;
  last_error: ColumnType<string, string | undefined, string>;
  created_at: Generated<Date>;
  sent_at: NullableTime;
}

export interface MessageTables {
  message_channels: MessageChannelsTable;
  message_event_channels: MessageEventChannelsTable;
  message_event_settings: MessageEventSettingsTable;
  message_outbox: MessageOutboxTable;
}
