import { AppError, devEndpoints, type DevMessage } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/types.ts';
import { devMailboxRepository } from './dev-mailbox.repository.ts';

/**
 * The development mailbox: every e-mail (caught by the in-process SMTP catcher), SMS and
 * Telegram text, and graphic-code answers. Registered only outside production (404 there).
 */
export function devRoutes(app: ZodApp, deps: { db: Db }): void {
  const mailbox = devMailboxRepository(deps.db);

  route(app, devEndpoints.mailbox, {}, async (request) => {
    const rows = await mailbox.list({ recipient: request.query.to, channel: request.query.channel, limit: request.query.limit });
    return ok(
      request,
      rows.map(
        (row): DevMessage => ({
          id: row.id,
          channel: row.channel as DevMessage['channel'],
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          html: row.html,
          created_at: Math.floor(row.created_at.getTime() / 1000),
        }),
      ),
    );
  });

  route(app, devEndpoints.captcha, {}, async (request) => {
    const [row] = await mailbox.list({ recipient: `captcha:${request.query.session}`, channel: 'captcha', limit: 1 });
    if (!row) throw new AppError('NO_DATA');
    return ok(request, { answer: row.text });
  });
}
