import { describe, expect, it } from 'vitest';
import { bls, generatePlotPublicKey, generateTaprootSk, nobleBackend } from '../bls/index.ts';
import { bytesToHex, deserialize, serialize, stringifyJson } from '../streamable/index.ts';
import spec from './fixtures/spec-partial.json' with { type: 'json' };
import {
  AuthenticationPayload,
  ErrorResponse,
  GetPoolInfoResponse,
  PoolErrorCode,
  PostFarmerPayload,
  PostFarmerRequest,
  PostPartialPayload,
  PostPartialRequest,
  PutFarmerPayload,
  PutFarmerResponse,
  authenticatedQuerySchema,
  authenticationSignatureCheck,
  checkSignature,
  farmerSignatureCheck,
  partialSignatureCheck,
  signPartial,
  authenticationPayloadHash,
  errorResponse,
  getCurrentAuthenticationToken,
  plotSize,
  poolErrorName,
  postFarmerPayloadHash,
  postFarmerRequestSchema,
  postPartialPayloadHash,
  postPartialRequestSchema,
  putFarmerPayloadHash,
  putFarmerRequestSchema,
  validateAuthenticationToken,
  decodePuzzleHash,
  encodePuzzleHash,
  type PostPartialPayload as PostPartialPayloadValue,
} from './index.ts';

const hex = bytesToHex;

describe('PoolErrorCode', () => {
  it('has the reference’s 16 codes with their names', () => {
    expect(Object.values(PoolErrorCode)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(poolErrorName(7)).toBe('INVALID_SIGNATURE');
    expect(poolErrorName(12)).toBe('INVALID_AUTHENTICATION_TOKEN');
    expect(poolErrorName(16)).toBe('REQUEST_FAILED');
    expect(poolErrorName(0)).toBeUndefined();
    expect(errorResponse(PoolErrorCode.FARMER_NOT_KNOWN)).toEqual({ error_code: 10, error_message: 'FARMER_NOT_KNOWN' });
    expect(hex(serialize(ErrorResponse, { error_code: 5, error_message: null }))).toBe('000500');
  });
});

describe('payload serialisation and the hashes farmers sign', () => {
  it('the specification’s POST /partial body: 400 bytes, known sha256, exact round trip', () => {
    const request = PostPartialRequest.fromJson(spec.partial);
    const bytes = serialize(PostPartialPayload, request.payload);
    expect(bytes.length).toBe(spec.partialPayloadBytes);
    expect(hex(postPartialPayloadHash(request.payload))).toBe(spec.partialPayloadHash);
    expect(deserialize(PostPartialPayload, bytes)).toEqual(request.payload);
    expect(deserialize(PostPartialRequest, serialize(PostPartialRequest, request))).toEqual(request);
    expect(JSON.parse(stringifyJson(PostPartialRequest.toJson(request)))).toEqual({
      ...spec.partial,
      payload: { ...spec.partial.payload, proof_of_space: { ...spec.partial.payload.proof_of_space, pool_public_key: null } },
    });
    // the zod schema of the body gives the same values as the codec
    expect(postPartialRequestSchema.parse(spec.partial)).toEqual(request);
    expect(plotSize(request.payload.proof_of_space)).toEqual({ version: 1, k: 32 });
    expect(plotSize({ size: 0x80 + 28 })).toEqual({ version: 2, k: 28 });
  });

  it('POST /farmer and PUT /farmer payloads and the GET /farmer authentication payload hash as computed independently', () => {
    const farmer = PostFarmerRequest.fromJson(spec.farmer);
    expect(hex(postFarmerPayloadHash(farmer.payload))).toBe(spec.farmerPayloadHash);
    expect(postFarmerRequestSchema.parse(spec.farmer)).toEqual(farmer);
    const put = {
      launcher_id: farmer.payload.launcher_id,
      authentication_token: 27062279n,
      authentication_public_key: null,
      payout_instructions: 'xch1payout',
      suggested_difficulty: null,
    };
    expect(hex(serialize(PutFarmerPayload, put))).toBe(spec.putPayloadBytes);
    expect(hex(putFarmerPayloadHash(put))).toBe(spec.putPayloadHash);
    const auth = authenticationPayloadHash('get_farmer', new Uint8Array(32).fill(0x11), new Uint8Array(32).fill(0x22), 27062279n);
    expect(
      hex(
        serialize(AuthenticationPayload, {
          method_name: 'get_farmer',
          launcher_id: new Uint8Array(32).fill(0x11),
          target_puzzle_hash: new Uint8Array(32).fill(0x22),
          authentication_token: 27062279n,
        }),
      ),
    ).toBe(spec.getFarmerAuthBytes);
    expect(hex(auth)).toBe(spec.getFarmerAuthHash);
  });

  it('a partial signed with real keys (plot key + authentication key) verifies; a changed byte or a wrong key fails', () => {
    const plotSk = bls.keyGen(new Uint8Array(32).fill(21));
    const authSk = bls.keyGen(new Uint8Array(32).fill(22));
    const plotPk = bls.skToPk(plotSk);
    const authPk = bls.skToPk(authSk);
    const base = PostPartialRequest.fromJson(spec.partial).payload;
    const payload: PostPartialPayloadValue = { ...base, proof_of_space: { ...base.proof_of_space, plot_public_key: plotPk } };
    const message = postPartialPayloadHash(payload);
    const signature = bls.aggregate([bls.sign(plotSk, message), bls.sign(authSk, message)]);
    const body = JSON.parse(stringifyJson(PostPartialRequest.toJson({ payload, aggregate_signature: signature })));

    const parsed = postPartialRequestSchema.parse(body);
    const hash = postPartialPayloadHash(parsed.payload);
    expect(bls.aggregateVerify([parsed.payload.proof_of_space.plot_public_key, authPk], [hash, hash], parsed.aggregate_signature)).toBe(true);

    const tampered = { ...parsed.payload, end_of_sub_slot: true };
    const tamperedHash = postPartialPayloadHash(tampered);
    expect(bls.aggregateVerify([plotPk, authPk], [tamperedHash, tamperedHash], parsed.aggregate_signature)).toBe(false);
    const flipped = Uint8Array.from(parsed.aggregate_signature);
    flipped[40]! ^= 0x01;
    expect(bls.aggregateVerify([plotPk, authPk], [hash, hash], flipped)).toBe(false);
    expect(bls.aggregateVerify([plotPk, bls.skToPk(plotSk)], [hash, hash], parsed.aggregate_signature)).toBe(false);
  });

  it('POST /farmer signed by the owner key verifies against the payload hash', () => {
    const ownerSk = bls.keyGen(new Uint8Array(32).fill(31));
    const payload = PostFarmerPayload.fromJson({ ...spec.farmer.payload, suggested_difficulty: null });
    const signature = bls.sign(ownerSk, postFarmerPayloadHash(payload));
    const parsed = postFarmerRequestSchema.parse(JSON.parse(stringifyJson(PostFarmerRequest.toJson({ payload, signature }))));
    expect(parsed.payload.suggested_difficulty).toBeNull();
    expect(bls.verify(bls.skToPk(ownerSk), postFarmerPayloadHash(parsed.payload), parsed.signature)).toBe(true);
    expect(bls.verify(bls.skToPk(ownerSk), postFarmerPayloadHash({ ...parsed.payload, payout_instructions: 'other' }), parsed.signature)).toBe(false);
  });
});

describe('signature checks as the pool makes them', () => {
  it('a partial signed as Chia’s farmer does (local + farmer + taproot shares, authentication key) passes; another auth key fails', () => {
    const [local, farmer, auth, other] = [41, 42, 43, 44].map((n) => bls.keyGen(new Uint8Array(32).fill(n)));
    const localPk = bls.skToPk(local!);
    const farmerPk = bls.skToPk(farmer!);
    const plotPk = generatePlotPublicKey(localPk, farmerPk, true);
    const base = PostPartialRequest.fromJson(spec.partial).payload;
    const payload = { ...base, proof_of_space: { ...base.proof_of_space, plot_public_key: plotPk } };
    const signature = signPartial(payload, [local!, farmer!, generateTaprootSk(localPk, farmerPk)], auth!);
    const request = { payload, aggregate_signature: signature };
    expect(checkSignature(partialSignatureCheck(request, bls.skToPk(auth!)))).toBe(true);
    expect(checkSignature(partialSignatureCheck(request, bls.skToPk(auth!)), nobleBackend)).toBe(true);
    expect(checkSignature(partialSignatureCheck(request, bls.skToPk(other!)))).toBe(false);
    const withoutTaproot = signPartial(payload, [local!, farmer!], auth!);
    expect(checkSignature(partialSignatureCheck({ payload, aggregate_signature: withoutTaproot }, bls.skToPk(auth!)))).toBe(false);
  });

  it('PUT /farmer by the owner key and GET /farmer by the authentication key', () => {
    const [owner, auth] = [51, 52].map((n) => bls.keyGen(new Uint8Array(32).fill(n)));
    const payload = {
      launcher_id: new Uint8Array(32).fill(9),
      authentication_token: 100n,
      authentication_public_key: null,
      payout_instructions: 'xch1new',
      suggested_difficulty: 7n,
    };
    const put = { payload, signature: bls.sign(owner!, putFarmerPayloadHash(payload)) };
    expect(checkSignature(farmerSignatureCheck(put, bls.skToPk(owner!), 'put'))).toBe(true);
    expect(checkSignature(farmerSignatureCheck({ ...put, payload: { ...payload, suggested_difficulty: 8n } }, bls.skToPk(owner!), 'put'))).toBe(false);
    const target = new Uint8Array(32).fill(0x34);
    const query = {
      launcher_id: payload.launcher_id,
      authentication_token: 100n,
      signature: bls.sign(auth!, authenticationPayloadHash('get_farmer', payload.launcher_id, target, 100n)),
    };
    expect(checkSignature(authenticationSignatureCheck('get_farmer', query, target, bls.skToPk(auth!)))).toBe(true);
    expect(checkSignature(authenticationSignatureCheck('get_login', query, target, bls.skToPk(auth!)))).toBe(false);
  });
});

describe('zod schemas of the JSON bodies', () => {
  it('refuse malformed bodies (what the pool answers with REQUEST_FAILED)', () => {
    const ok = spec.partial;
    const bad = (payload: object) => postPartialRequestSchema.safeParse({ ...ok, payload: { ...ok.payload, ...payload } }).success;
    expect(postPartialRequestSchema.safeParse(ok).success).toBe(true);
    expect(bad({ launcher_id: '0x1234' })).toBe(false);
    expect(bad({ authentication_token: -1 })).toBe(false);
    expect(bad({ authentication_token: 1.5 })).toBe(false);
    expect(bad({ end_of_sub_slot: 'no' })).toBe(false);
    expect(bad({ harvester_id: undefined })).toBe(false);
    expect(bad({ proof_of_space: { ...ok.payload.proof_of_space, size: 256 } })).toBe(false);
    expect(bad({ proof_of_space: { ...ok.payload.proof_of_space, proof: '0xabc' } })).toBe(false);
    expect(postPartialRequestSchema.safeParse({ ...ok, aggregate_signature: '0x00' }).success).toBe(false);
    expect(postFarmerRequestSchema.safeParse({ ...spec.farmer, payload: { ...spec.farmer.payload, payout_instructions: 'x'.repeat(1025) } }).success).toBe(false);
  });

  it('PUT /farmer accepts only the entries being changed; the GET query takes strings', () => {
    const put = putFarmerRequestSchema.parse({
      payload: { launcher_id: spec.farmer.payload.launcher_id, authentication_token: 27062279, suggested_difficulty: 20 },
      signature: spec.farmer.signature,
    });
    expect(put.payload).toMatchObject({ authentication_public_key: null, payout_instructions: null, suggested_difficulty: 20n });
    expect(hex(serialize(PutFarmerResponse, { authentication_public_key: null, payout_instructions: null, suggested_difficulty: true }))).toBe('000001' + '01');
    const query = authenticatedQuerySchema.parse({ launcher_id: spec.farmer.payload.launcher_id.slice(2), authentication_token: '27062279', signature: spec.farmer.signature });
    expect(query.authentication_token).toBe(27062279n);
  });

  it('GET /pool_info response serialises with protocol_version 1 and the token timeout', () => {
    const info = {
      name: 'Platter',
      logo_url: 'https://example.org/logo.svg',
      minimum_difficulty: 1n,
      relative_lock_height: 100,
      protocol_version: 1,
      fee: '0.01',
      description: 'd',
      target_puzzle_hash: new Uint8Array(32).fill(3),
      authentication_token_timeout: 5,
    };
    expect(GetPoolInfoResponse.toJson(info)).toMatchObject({
      minimum_difficulty: 1,
      protocol_version: 1,
      authentication_token_timeout: 5,
      target_puzzle_hash: `0x${'03'.repeat(32)}`,
    });
    expect(deserialize(GetPoolInfoResponse, serialize(GetPoolInfoResponse, info))).toEqual(info);
  });
});

describe('authentication tokens', () => {
  const at = (iso: string) => Date.parse(iso);

  it('token = floor(unix minutes / timeout)', () => {
    expect(getCurrentAuthenticationToken(5, at('2021-05-24T11:06:28Z'))).toBe(BigInt(Math.floor(Math.floor(at('2021-05-24T11:06:28Z') / 60000) / 5)));
    expect(getCurrentAuthenticationToken(1, 60_000 * 1000 + 59_999)).toBe(1000n);
    expect(getCurrentAuthenticationToken(5, 60_000 * 1004)).toBe(200n);
    expect(getCurrentAuthenticationToken(5, 60_000 * 1005)).toBe(201n);
    expect(() => getCurrentAuthenticationToken(0, 0)).toThrow(RangeError);
  });

  it('accepts tokens within ±timeout of the pool’s current token, refuses beyond', () => {
    const now = 60_000 * 5 * 1000; // token 1000 at timeout 5
    expect(validateAuthenticationToken(1000n, 5, now)).toBe(true);
    expect(validateAuthenticationToken(995n, 5, now)).toBe(true);
    expect(validateAuthenticationToken(1005n, 5, now)).toBe(true);
    expect(validateAuthenticationToken(994n, 5, now)).toBe(false);
    expect(validateAuthenticationToken(1006n, 5, now)).toBe(false);
    // a farmer whose clock is 20 minutes behind still gets in at timeout 5 (4 tokens), 30 minutes does not
    expect(validateAuthenticationToken(getCurrentAuthenticationToken(5, now - 20 * 60_000), 5, now)).toBe(true);
    expect(validateAuthenticationToken(getCurrentAuthenticationToken(5, now - 30 * 60_000), 5, now)).toBe(false);
  });
});

describe('addresses (chia/util/bech32m.py)', () => {
  it('encodes and decodes a puzzle hash in bech32m, refusing a bad checksum or length', () => {
    // Cross-checked with an independent bech32m implementation (@scure/base).
    expect(encodePuzzleHash(new Uint8Array(32), 'xch')).toBe('xch1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq2u30kz');
    const ph = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    const address = encodePuzzleHash(ph, 'txch');
    expect(decodePuzzleHash(address)).toEqual({ prefix: 'txch', puzzleHash: ph });
    expect(decodePuzzleHash(address.toUpperCase())).toEqual({ prefix: 'txch', puzzleHash: ph });
    expect(decodePuzzleHash(`${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`)).toBeNull();
    expect(decodePuzzleHash('xch-please')).toBeNull();
  });
});
