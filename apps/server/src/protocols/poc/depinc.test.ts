import { DEVNET_ONLY_MINING, devnetOnlyMining, POOL_SEEDS } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../http/types.ts';

/**
 * DePINC's mining is devnet-only (README 'DePINC is not put on the BHD adapter (issue 21)'):
 * a configuration that points it at a node is refused at start-up, a production server's
 * Burst endpoints tell a DePINC miner so, and the devnet keeps mining it (its pledge side
 * needs the chain).
 */

let db: Db;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

const getMiningInfo = async (app: ZodApp, pool: string) => {
  const res = await app.inject({ method: 'GET', url: `/burst/${pool}?requestType=getMiningInfo` });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
};

describe('DePINC mining', () => {
  it('is the registry’s only devnet-only mining, named with its README row', () => {
    expect(POOL_SEEDS.filter((p) => devnetOnlyMining(p.type)).map((p) => p.type)).toEqual(['depinc']);
    expect(DEVNET_ONLY_MINING.depinc).toBe('DePINC is not put on the BHD adapter (issue 21)');
  });

  it('refuses DEPINC_RPC_URL at start-up, naming the README row', () => {
    const refusal = (() => {
      try {
        loadConfig({ DEPINC_RPC_URL: 'http://127.0.0.1:8732/' });
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toMatch(/DEPINC_RPC_URL: DePINC mining cannot run on a DePINC node/);
    expect((refusal as Error).message).toContain("'DePINC is not put on the BHD adapter (issue 21)'");
    expect(() => loadConfig({})).not.toThrow();
  });

  it('in production, its Burst endpoint refuses miners with the reason while the BHD pool answers', async () => {
    const app = await testApp(db, { nodeEnv: 'production' });
    const depinc = await getMiningInfo(app, 'depinc');
    expect(depinc.status).toBe(200);
    expect(depinc.body).toMatchObject({ deadline: null, errorCode: 1006 });
    expect(String(depinc.body.result)).toMatch(/^Mining is not offered for depinc: its chain does not make blocks from Burst nonces/);
    const bhd = await getMiningInfo(app, 'bhd');
    expect(bhd.body).toHaveProperty('generationSignature');
  });

  it('on the devnet, its simulated Burst chain keeps answering (the pledge side needs it)', async () => {
    const app = await testApp(db);
    const depinc = await getMiningInfo(app, 'depinc');
    expect(depinc.status).toBe(200);
    expect(depinc.body).toHaveProperty('generationSignature');
    expect(depinc.body).not.toHaveProperty('errorCode');
  });
});
