import {
  AppError,
  identityRegistrationMessage,
  identityScheme,
  mayRegister,
  postTransitionAllowed,
  type Plot,
  type PostStatus,
  type RegisterNodeBody,
  type ReportBody,
} from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { verifyIdentitySignature } from './identity.ts';
import { MAX_BINDINGS_PER_POOL, listPlots } from './plots.ts';
import { poolRow, uidOf } from './pool.repository.ts';
import { lockRegisteredNode, lockUserNodes, registeredNodeCount, setNodeStatus, writeRegistration } from './register.repository.ts';

/**
 * Spacemesh-style node registration (POST /api/pool/register; spec doc 1 §4 'Spacemesh-style
 * plots'). The user registers a node id with a pool whose coin registers nodes; the node then
 * reports its progress through the proxy tool (the node knows when the timing service took it
 * and how its proof of each epoch went) and the pool keeps the statuses the rules allow.
 */

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** The message a user's identity signs to register with a pool (GET /api/pool/registerdata). */
export async function registrationMessage(db: Db, userId: string, pool: string, identity: string): Promise<string> {
  return identityRegistrationMessage(pool, identity, await uidOf(db, userId));
}

/** The registration message and the signature scheme the pool's coin uses. */
export async function registerData(db: Db, userId: string, query: { pool: string; node_id: string }): Promise<{ message: string; scheme: 'ed25519' | 'sr25519' }> {
  const pool = await poolRow(db, query.pool);
  if (!pool) throw new AppError('POOL_NOT_FOUND');
  const scheme = identityScheme(pool.coin);
  if (!scheme) throw new AppError('INVALID_PARAMETER', { field: 'pool' });
  return { message: await registrationMessage(db, userId, query.pool, query.node_id), scheme };
}

/** Registers a node (status REGISTER) with proof the user controls its key; again after a timeout, failure or refusal; never a malicious one. */
export async function registerNode(db: Db, userId: string, body: RegisterNodeBody, now = new Date()): Promise<Plot> {
  const pool = await poolRow(db, body.pool);
  if (!pool) throw new AppError('POOL_NOT_FOUND');
  if (!pool.enabled) throw new AppError('POOL_NOT_OPEN');
  const scheme = identityScheme(pool.coin);
  if (!scheme) throw new AppError('INVALID_PARAMETER', { field: 'pool' });
  // Proof of control: the identity's key signed the pool's message naming this account.
  const message = await registrationMessage(db, userId, body.pool, body.node_id);
  if (!verifyIdentitySignature(scheme, body.node_id, message, body.signature)) throw new AppError('BIND_SIGNATURE_INVALID');
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      const registered = await lockRegisteredNode(trx, body.pool, body.node_id);
      if (registered && registered.user_id !== userId) throw new AppError('BIND_EXISTS');
      if (registered && !mayRegister(registered.post_status)) throw new AppError('BIND_EXISTS');
      if (!registered && (await registeredNodeCount(trx, userId, body.pool)) >= MAX_BINDINGS_PER_POOL) throw new AppError('BIND_LIMIT_REACHED');
      // The node may already be known from the proxy tool's inventory: that row becomes the registration.
      return writeRegistration(trx, userId, body, now);
    });
  } catch (error) {
    // Two users registering the same node at once: the second finds it taken.
    if (isUniqueViolation(error)) throw new AppError('BIND_EXISTS');
    throw error;
  }
  const page = await listPlots(db, userId, { pool: body.pool, page: 1, count: 1, id });
  const plot = page.list[0];
  if (!plot) throw new Error('registered node not found');
  return plot;
}

/**
 * The statuses a user's nodes report through the proxy tool: each registered node of the user
 * in this pool moves to the reported status when the rules allow that move. Answers how many moved.
 */
export async function recordNodeStatuses(trx: Db, owner: { userId: string; pool: string }, nodes: NonNullable<ReportBody['nodes']>, now: Date): Promise<number> {
  if (nodes.length === 0) return 0;
  const current = await lockUserNodes(
    trx,
    owner,
    nodes.map((n) => n.node_id),
  );
  const statusOf = new Map(current.map((c) => [c.plot_id, c]));
  let moved = 0;
  for (const node of nodes) {
    const row = statusOf.get(node.node_id);
    if (!row || !row.post_status || !postTransitionAllowed(row.post_status, node.status)) continue;
    await setNodeStatus(trx, row.id, node.status as PostStatus, now);
    statusOf.set(node.node_id, { ...row, post_status: node.status });
    moved++;
  }
  return moved;
}
