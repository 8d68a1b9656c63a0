export { verifyProof, PROOF_VERIFIERS, type ProofVersion, type ProofVerifier, type VerifyProofInput, type VerifyResult } from './verify.ts';
export { MIN_K, MAX_K, MIN_K_SMALL, qualityString } from './chiapos.ts';
export {
  calculatePlotIdPh,
  calculatePlotIdPk,
  calculatePlotFilterInput,
  calculatePosChallenge,
  passesPlotFilter,
  calculatePrefixBits,
  MAINNET_PLOT_FILTER,
  TESTNET11_PLOT_FILTER,
  type PlotFilterSchedule,
  expectedPlotSize,
  calculateIterationsQuality,
} from './consensus.ts';
export { createDevPlot, createDevPlotOffThread, DEV_PLOT_MIN_K, DEV_PLOT_MAX_K, type DevPlot, type DevPlotProof } from './devPlot.ts';
