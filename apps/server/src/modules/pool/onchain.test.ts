import { onchainRewardSplit, parseAmount } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { TEST_SECRET, testApp } from '../../../test/app.ts';
import type { Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { edKey, registerIdentity, srKey } from '../../../test/identities.ts';
import { devnetRegistry, type DevnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';
import { creditOnchainRewards } from './onchain.ts';

/**
 * On-chain rewards per registered identity (issue 18) over HTTP and the devnet: an identity is
 * registered only with its key's signature of the pool's message for this account; what the
 * chain pays it, less the pool fee, is the user's income — once per reward, never for an
 * identity nobody proved, and undone when a reorganisation drops the reward.
 */

let db: Db;
let app: ZodApp;
let devnet: DevnetRegistry;
let alice: Browser;
let bob: Browser;

const register = registerIdentity;

async function available(userId: string, coin: string): Promise<bigint> {
  return (await userBalances(db, userId, coin)).get(coin)?.available ?? 0n;
}

const uid = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const confirmations = async (coin: string) => (await db.selectFrom('coins').select('confirmation').where('type', '=', coin).executeTakeFirstOrThrow()).confirmation;
const feeBp = async (pool: string) => (await db.selectFrom('pool_configs').select('fee_bp').where('pool', '=', pool).executeTakeFirstOrThrow()).fee_bp;

async function mine(coin: string, blocks: number) {
  for (let i = 0; i < blocks; i++) await devnet.tick(coin);
}

beforeAll(async () => {
  ({ db } = await testDatabase());
  app = await testApp(db);
  devnet = devnetRegistry(db, TEST_SECRET);
  alice = await signedInAs(app, db, 'alice@example.com', 'user');
  bob = await signedInAs(app, db, 'bob@example.com', 'user');
});

describe('registering an identity', () => {
  it('takes a Spacemesh node id signed by its Ed25519 key; refuses a bad signature, another key’s, and one made for another account', async () => {
    const node = edKey();
    const data = await alice.get<{ message: string; scheme: string }>(`/api/pool/registerdata?pool=spacemesh&node_id=${node.id}`);
    expect(data.data.scheme).toBe('ed25519');
    expect(data.data.message).toContain(node.id);
    // Signed by another key.
    expect((await register(alice, 'spacemesh', node, edKey())).code).toBe(11105);
    // A signature of garbage.
    expect((await alice.post('/api/pool/register', { pool: 'spacemesh', node_id: node.id, signature: 'ab'.repeat(64) })).code).toBe(11105);
    // Bob's signature (the message names Bob's account) replayed by Alice.
    const bobs = await bob.get<{ message: string }>(`/api/pool/registerdata?pool=spacemesh&node_id=${node.id}`);
    expect((await alice.post('/api/pool/register', { pool: 'spacemesh', node_id: node.id, signature: node.sign(bobs.data.message) })).code).toBe(11105);
    // Not hex: a parameter error naming the field.
    const bad = await alice.post<unknown>('/api/pool/register', { pool: 'spacemesh', node_id: node.id, signature: 'zz' });
    expect(bad).toMatchObject({ code: 216, data: { field: 'signature' } });
    expect((await register(alice, 'spacemesh', node)).data).toMatchObject({ plot_id: node.id, post_status: 'REGISTER' });
    // Someone else's identity: Bob, even with a valid signature of his own message, finds it taken.
    expect((await register(bob, 'spacemesh', node)).code).toBe(11103);
  });

  it('takes an Autonomys reward key signed with sr25519 and refuses an Ed25519 signature for it', async () => {
    const farmer = srKey();
    const data = await alice.get<{ scheme: string }>(`/api/pool/registerdata?pool=autonomys&node_id=${farmer.id}`);
    expect(data.data.scheme).toBe('sr25519');
    expect((await register(alice, 'autonomys', farmer, edKey())).code).toBe(11105);
    expect((await register(alice, 'autonomys', farmer)).data.post_status).toBe('REGISTER');
  });
});

describe('on-chain rewards', () => {
  it('credits what the chain paid a registered identity, less the fee, once; an unregistered identity’s reward is nobody’s', async () => {
    const aliceId = await uid('alice@example.com');
    const bobId = await uid('bob@example.com');
    const node = edKey();
    expect((await register(alice, 'spacemesh', node)).code).toBe(200);
    const stranger = edKey();
    const scale = (await db.selectFrom('coins').select('scale').where('type', '=', 'SPACEMESH').executeTakeFirstOrThrow()).scale;
    const amount = parseAmount('12.5', scale);
    const before = await available(aliceId, 'SPACEMESH');
    const paid = await devnet.payIdentityReward('SPACEMESH', node.id, amount);
    await devnet.payIdentityReward('SPACEMESH', stranger.id, amount);
    // Not yet confirmed: nothing.
    await creditOnchainRewards(db, devnet);
    expect(await available(aliceId, 'SPACEMESH')).toBe(before);
    await mine('SPACEMESH', paid.height + (await confirmations('SPACEMESH')));
    const first = await creditOnchainRewards(db, devnet);
    const second = await creditOnchainRewards(db, devnet);
    expect(first.credited).toBe(1);
    expect(second.credited).toBe(0);
    const { fee, income } = onchainRewardSplit(amount, await feeBp('spacemesh'));
    expect(fee).toBeGreaterThan(0n);
    expect(await available(aliceId, 'SPACEMESH')).toBe(before + income);
    expect(await available(bobId, 'SPACEMESH')).toBe(0n);
    expect(await db.selectFrom('onchain_rewards').select('identity').execute()).toEqual([{ identity: node.id }]);

    const shown = await alice.get<{ list: { identity: string; amount: string; fee: string; income: string; status: string }[]; total: number }>(
      '/api/pool/identityrewards?pool=spacemesh',
    );
    expect(shown.data.total).toBe(1);
    expect(shown.data.list[0]).toMatchObject({ identity: node.id, amount: '12.5', status: 'credited' });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('pays an Autonomys farmer’s reward to the account that registered its key', async () => {
    const aliceId = await uid('alice@example.com');
    const farmer = srKey();
    expect((await register(alice, 'autonomys', farmer)).code).toBe(200);
    const before = await available(aliceId, 'AUTONOMYS');
    const paid = await devnet.payIdentityReward('AUTONOMYS', farmer.id, 1_000_000n);
    await mine('AUTONOMYS', paid.height + (await confirmations('AUTONOMYS')));
    expect((await creditOnchainRewards(db, devnet)).credited).toBe(1);
    expect(await available(aliceId, 'AUTONOMYS')).toBe(before + onchainRewardSplit(1_000_000n, await feeBp('autonomys')).income);
  });

  it('reverses a credited reward that a reorganisation dropped, once', async () => {
    const bobId = await uid('bob@example.com');
    const node = edKey();
    expect((await register(bob, 'spacemesh', node)).code).toBe(200);
    const paid = await devnet.payIdentityReward('SPACEMESH', node.id, 5_000_000n);
    await mine('SPACEMESH', await confirmations('SPACEMESH'));
    expect((await creditOnchainRewards(db, devnet)).credited).toBe(1);
    expect(await available(bobId, 'SPACEMESH')).toBeGreaterThan(0n);
    await devnet.reorg('SPACEMESH', paid.height - 1);
    await mine('SPACEMESH', await confirmations('SPACEMESH'));
    expect(await creditOnchainRewards(db, devnet)).toEqual({ credited: 0, reversed: 1 });
    expect((await creditOnchainRewards(db, devnet)).reversed).toBe(0);
    expect(await available(bobId, 'SPACEMESH')).toBe(0n);
    expect(await checkLedger(db)).toEqual([]);
  });
});
