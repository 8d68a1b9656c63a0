import { bls as defaultBls, type BlsBackend } from '../bls/index.ts';
import {
  authenticationPayloadHash,
  postFarmerPayloadHash,
  postPartialPayloadHash,
  putFarmerPayloadHash,
  type PostFarmerRequest,
  type PostPartialPayload,
  type PostPartialRequest,
  type PutFarmerRequest,
} from './messages.ts';

/** The arguments of one aggregate verification, for BlsBackend.aggregateVerify or BlsVerifierPool.aggregateVerify. */
export interface SignatureCheck {
  pks: Uint8Array[];
  messages: Uint8Array[];
  signature: Uint8Array;
}

/** POST /partial: the plot key and the farmer's authentication key both sign sha256(payload). */
export function partialSignatureCheck(request: PostPartialRequest, authenticationPublicKey: Uint8Array): SignatureCheck {
  const hash = postPartialPayloadHash(request.payload);
  return { pks: [request.payload.proof_of_space.plot_public_key, authenticationPublicKey], messages: [hash, hash], signature: request.aggregate_signature };
}

/** POST /farmer and PUT /farmer: the singleton's owner key signs sha256(payload). */
export function farmerSignatureCheck(request: PostFarmerRequest | PutFarmerRequest, ownerPublicKey: Uint8Array, method: 'post' | 'put'): SignatureCheck {
  const hash = method === 'post' ? postFarmerPayloadHash(request.payload as PostFarmerRequest['payload']) : putFarmerPayloadHash(request.payload as PutFarmerRequest['payload']);
  return { pks: [ownerPublicKey], messages: [hash], signature: request.signature };
}

/** GET /farmer and GET /login: the authentication key signs AuthenticationPayload(method, launcher, target, token). */
export function authenticationSignatureCheck(
  method: 'get_farmer' | 'get_login',
  query: { launcher_id: Uint8Array; authentication_token: bigint; signature: Uint8Array },
  targetPuzzleHash: Uint8Array,
  authenticationPublicKey: Uint8Array,
): SignatureCheck {
  return {
    pks: [authenticationPublicKey],
    messages: [authenticationPayloadHash(method, query.launcher_id, targetPuzzleHash, query.authentication_token)],
    signature: query.signature,
  };
}

export function checkSignature(check: SignatureCheck, backend: BlsBackend = defaultBls): boolean {
  return backend.aggregateVerify(check.pks, check.messages, check.signature);
}

/**
 * Signs a partial as Chia's farmer does: each share of the plot key (local, farmer and, for
 * pool-contract plots, taproot secret keys) signs sha256(payload) prepended with the plot
 * public key, and the authentication key signs it plainly; all aggregated. For simulated
 * farmers and tests.
 */
export function signPartial(payload: PostPartialPayload, plotKeyShares: readonly Uint8Array[], authenticationSk: Uint8Array, backend: BlsBackend = defaultBls): Uint8Array {
  const hash = postPartialPayloadHash(payload);
  const plotPk = payload.proof_of_space.plot_public_key;
  const shares = plotKeyShares.map((sk) => backend.signPrepend(sk, hash, plotPk));
  return backend.aggregate([...shares, backend.sign(authenticationSk, hash)]);
}
