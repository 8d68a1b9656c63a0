/**
 * The WebAssembly text of Shabal-256 and the whole Burst nonce build, laid out by hand (state
 * in locals, permutation unrolled, message words read straight from memory, B and C swapped by
 * renaming across two blocks instead of moves). scripts/build-wasm.ts writes it to
 * src/wasm/shabal.wat and compiles it (wabt's wat2wasm, a pure npm package).
 *
 * Two flavours from one description of the rounds:
 * - scalar (i32): one nonce; its latency is what verifying one submission costs.
 * - 4 lanes (v128, i32x4): four nonces at once, word w of lane j at LANES + 16w + 4j; the
 *   rounds are a serial chain of dependent operations, so four independent nonces fill the
 *   machine far better than one (a batch of queued submissions).
 *
 * Memory (22 pages): scalar [0, 262160) the nonce being built (its 16-byte seed at 262144),
 * [PAD, PAD + 64) the padded last block, [FINAL, FINAL + 32) the final hash; the 4-lane
 * versions of the three at LANES (4 × the sizes).
 */
import { shabal256InitialWords } from '../src/shabal.reference.ts';

const iv = shabal256InitialWords();
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const NONCE = 262144;
const PAD = 262208;
const FINAL = 262272;
const LANES = 5 * 65536;

const g = (name: string) => `(local.get $${name})`;
const set = (name: string, value: string) => `(local.set $${name} ${value})`;
const i32 = (x: number) => `(i32.const ${x | 0})`;
const indent = (lines: string[], n: number) => lines.map((l) => ' '.repeat(n) + l).join('\n');

/** The operations of the rounds on one word (scalar) or four (one per lane). */
interface Flavour {
  type: 'i32' | 'v128';
  /** Bytes between consecutive words of one message. */
  word: number;
  base: number;
  add(a: string, b: string): string;
  sub(a: string, b: string): string;
  xor(a: string, b: string): string;
  /** a & ~b */
  andNot(a: string, b: string): string;
  not(a: string): string;
  rotl(a: string, n: number): string;
  /** a · 5 and a · 3 (mod 2^32) */
  times5(a: string): string;
  times3(a: string): string;
  load(offset: number, address: string): string;
  store(offset: number, address: string, value: string): string;
  constant(x: number): string;
  /** Broadcast of a scalar i32. */
  splat(x: string): string;
}

const scalar: Flavour = {
  type: 'i32',
  word: 4,
  base: 0,
  add: (a, b) => `(i32.add ${a} ${b})`,
  sub: (a, b) => `(i32.sub ${a} ${b})`,
  xor: (a, b) => `(i32.xor ${a} ${b})`,
  andNot: (a, b) => `(i32.and ${a} (i32.xor ${b} (i32.const -1)))`,
  not: (a) => `(i32.xor ${a} (i32.const -1))`,
  rotl: (a, n) => `(i32.rotl ${a} ${i32(n)})`,
  times5: (a) => `(i32.mul ${a} ${i32(5)})`,
  times3: (a) => `(i32.mul ${a} ${i32(3)})`,
  load: (offset, address) => `(i32.load offset=${offset} ${address})`,
  store: (offset, address, value) => `(i32.store offset=${offset} ${address} ${value})`,
  constant: (x) => i32(x),
  splat: (x) => x,
};

// no SIMD rotate or cheap multiply: shifts (x · 5 = x + (x << 2)), with a scratch local
const lanes: Flavour = {
  type: 'v128',
  word: 16,
  base: LANES,
  add: (a, b) => `(i32x4.add ${a} ${b})`,
  sub: (a, b) => `(i32x4.sub ${a} ${b})`,
  xor: (a, b) => `(v128.xor ${a} ${b})`,
  andNot: (a, b) => `(v128.andnot ${a} ${b})`,
  not: (a) => `(v128.not ${a})`,
  rotl: (a, n) => `(v128.or (i32x4.shl (local.tee $s ${a}) ${i32(n)}) (i32x4.shr_u (local.get $s) ${i32(32 - n)}))`,
  times5: (a) => `(i32x4.add (local.tee $s ${a}) (i32x4.shl (local.get $s) ${i32(2)}))`,
  times3: (a) => `(i32x4.add (local.tee $s ${a}) (i32x4.shl (local.get $s) ${i32(1)}))`,
  load: (offset, address) => `(v128.load offset=${offset} ${address})`,
  store: (offset, address, value) => `(v128.store offset=${offset} ${address} ${value})`,
  constant: (x) => `(v128.const i32x4 ${x | 0} ${x | 0} ${x | 0} ${x | 0})`,
  splat: (x) => `(i32x4.splat ${x})`,
};

function shabalFunction(f: Flavour, name: string): string {
  const pad = f.base + (f === scalar ? PAD : PAD * 4);
  /** m_i straight from memory: fewer live locals than copying the block into 16 of them. */
  const mw = (i: number) => f.load(i * f.word, g('p'));

  function permutation(B = 'b', C = 'c'): string[] {
    const lines: string[] = [];
    for (const i of range(16)) lines.push(set(`${B}${i}`, f.rotl(g(`${B}${i}`), 17)));
    for (const j of range(3)) {
      for (const i of range(16)) {
        const k = (16 * j + i) % 12;
        const prev = (16 * j + i + 11) % 12;
        const c = (8 - i + 16) % 16;
        const inner = f.times3(f.xor(f.xor(g(`a${k}`), f.times5(f.rotl(g(`a${prev}`), 15))), g(`${C}${c}`)));
        lines.push(set(`a${k}`, f.xor(f.xor(f.xor(inner, g(`${B}${(i + 13) % 16}`)), f.andNot(g(`${B}${(i + 9) % 16}`), g(`${B}${(i + 6) % 16}`))), mw(i))));
        lines.push(set(`${B}${i}`, f.not(f.xor(f.rotl(g(`${B}${i}`), 1), g(`a${k}`)))));
      }
    }
    for (const k of range(12)) {
      let sum = g(`a${k}`);
      for (const j of range(36)) if (11 - (j % 12) === k) sum = f.add(sum, g(`${C}${(((6 - j) % 16) + 16) % 16}`));
      lines.push(set(`a${k}`, sum));
    }
    return lines;
  }

  const swap = () => range(16).flatMap((i) => [set('t', g(`b${i}`)), set(`b${i}`, g(`c${i}`)), set(`c${i}`, g('t'))]);
  const xorW = () => [set('a0', f.xor(g('a0'), f.splat(g('wl')))), set('a1', f.xor(g('a1'), f.splat(g('wh'))))];

  // The last block: the remaining bytes (per message), 0x80, zeros, at PAD (p then points there).
  // Scalar: any length; 4 lanes: whole words only (every length of the nonce build is).
  const padBlock =
    f === scalar
      ? [
          `(if (i32.eq ${g('block')} ${g('full')})`,
          '  (then',
          ...range(16).map((i) => `    ${f.store(i * 4, i32(pad), i32(0))}`),
          `    ${set('rest', `(i32.and ${g('len')} ${i32(63)})`)}`,
          `    ${set('k', i32(0))}`,
          '    (block $copied',
          '      (loop $copy',
          `        (br_if $copied (i32.ge_u ${g('k')} ${g('rest')}))`,
          `        (i32.store8 (i32.add ${i32(pad)} ${g('k')}) (i32.load8_u (i32.add ${g('p')} ${g('k')})))`,
          `        ${set('k', `(i32.add ${g('k')} ${i32(1)})`)}`,
          '        (br $copy)))',
          `    (i32.store8 (i32.add ${i32(pad)} ${g('rest')}) ${i32(0x80)})`,
          `    ${set('p', i32(pad))}))`,
        ]
      : [
          `(if (i32.eq ${g('block')} ${g('full')})`,
          '  (then',
          ...range(16).map((i) => `    ${f.store(i * 16, i32(pad), f.constant(0))}`),
          `    ${set('rest', `(i32.shr_u (i32.and ${g('len')} ${i32(63)}) ${i32(2)})`)}`,
          `    ${set('k', i32(0))}`,
          '    (block $copied',
          '      (loop $copy',
          `        (br_if $copied (i32.ge_u ${g('k')} ${g('rest')}))`,
          `        (v128.store (i32.add ${i32(pad)} (i32.shl ${g('k')} ${i32(4)})) (v128.load (i32.add ${g('p')} (i32.shl ${g('k')} ${i32(4)}))))`,
          `        ${set('k', `(i32.add ${g('k')} ${i32(1)})`)}`,
          '        (br $copy)))',
          `    (v128.store (i32.add ${i32(pad)} (i32.shl ${g('rest')} ${i32(4)})) ${f.constant(0x80)})`,
          `    ${set('p', i32(pad))}))`,
        ];

  /** One message block with B and C under the given names; the next block swaps the names (no moves). */
  const messageBlock = (B: string, C: string, exit: string) => [
    ...padBlock,
    ...range(16).map((i) => set(`${B}${i}`, f.add(g(`${B}${i}`), mw(i)))),
    ...xorW(),
    ...permutation(B, C),
    `(br_if ${exit} (i32.eq ${g('block')} ${g('full')}))`,
    ...range(16).map((i) => set(`${C}${i}`, f.sub(g(`${C}${i}`), mw(i)))),
    set('wl', `(i32.add ${g('wl')} ${i32(1)})`),
    `(if (i32.eqz ${g('wl')}) (then ${set('wh', `(i32.add ${g('wh')} ${i32(1)})`)}))`,
    set('p', `(i32.add ${g('p')} ${i32(16 * f.word)})`),
    set('block', `(i32.add ${g('block')} ${i32(1)})`),
  ];

  const body = [
    ...range(12).map((i) => set(`a${i}`, f.constant(iv.a[i]!))),
    ...range(16).map((i) => set(`b${i}`, f.constant(iv.b[i]!))),
    ...range(16).map((i) => set(`c${i}`, f.constant(iv.c[i]!))),
    set('wl', i32(1)),
    set('full', `(i32.shr_u ${g('len')} ${i32(6)})`),
    set('p', g('src')),
    '(block $canonical',
    '  (block $namesSwapped',
    '    (loop $blocks',
    indent(messageBlock('b', 'c', '$canonical'), 6),
    indent(messageBlock('c', 'b', '$namesSwapped'), 6),
    '      (br $blocks)))',
    indent(swap(), 2),
    ')',
    '(loop $final',
    indent(swap(), 2),
    indent(xorW(), 2),
    indent(permutation(), 2),
    `  ${set('round', `(i32.add ${g('round')} ${i32(1)})`)}`,
    `  (br_if $final (i32.lt_u ${g('round')} ${i32(3)})))`,
    ...range(8).map((i) => f.store(i * f.word, g('out'), g(`b${8 + i}`))),
  ];
  const state = [...range(12).map((i) => `a${i}`), ...range(16).map((i) => `b${i}`), ...range(16).map((i) => `c${i}`), 't', 's'];
  const counters = ['wl', 'wh', 'p', 'full', 'block', 'k', 'rest', 'round'];
  return `  (func $${name} (export "${name}") (param $src i32) (param $len i32) (param $out i32)
${state.map((l) => `    (local $${l} ${f.type})`).join('\n')}
${counters.map((l) => `    (local $${l} i32)`).join('\n')}
${indent(body, 4)}
  )`;
}

/** The nonce build: with the seed after the nonce, 8192 hashes backwards, then the final hash. */
function buildFunction(name: string, hash: string, scale: number, base: number): string {
  const at = (byte: string) => (scale === 1 ? byte : `(i32.add ${i32(base)} (i32.mul ${byte} ${i32(scale)}))`);
  const final = base + (scale === 1 ? FINAL : FINAL * 4);
  return `  ;; ${name}(): with the seed at byte ${NONCE} of each nonce, the 8192 plot hashes backwards (each
  ;; over at most the 4096 bytes after it) into [0, ${NONCE}), and the hash of it all (with the seed) at FINAL
  (func (export "${name}")
    (local $i i32) (local $len i32)
    ${set('i', i32(NONCE))}
    (loop $hashes
      ${set('len', `(i32.sub ${i32(NONCE + 16)} ${g('i')})`)}
      (if (i32.gt_u ${g('len')} ${i32(4096)}) (then ${set('len', i32(4096))}))
      (call $${hash} ${at(g('i'))} ${g('len')} ${at(`(i32.sub ${g('i')} ${i32(32)})`)})
      ${set('i', `(i32.sub ${g('i')} ${i32(32)})`)}
      (br_if $hashes (i32.gt_u ${g('i')} ${i32(0)})))
    (call $${hash} ${i32(base)} ${i32(NONCE + 16)} ${i32(final)})
  )`;
}

export const wat = `;; GENERATED by packages/poc/scripts/generate-wat.ts — do not edit by hand.
;; Shabal-256 and the Burst nonce build, one nonce (i32) and four at once (i32x4 lanes);
;; see the generator for the memory layout.
(module
  (memory (export "memory") 22)
  (global (export "FINAL") i32 ${i32(FINAL)})
  (global (export "LANES") i32 ${i32(LANES)})
  (global (export "LANES_FINAL") i32 ${i32(LANES + FINAL * 4)})

  ;; shabal256(src, len, out): the digest of memory[src, src + len) into memory[out, out + 32)
${shabalFunction(scalar, 'shabal256')}

  ;; shabal256x4(src, len, out): four digests at once, lane-interleaved words; len % 4 = 0
${shabalFunction(lanes, 'shabal256x4')}

${buildFunction('buildNonce', 'shabal256', 1, 0)}

${buildFunction('buildNonces4', 'shabal256x4', 4, LANES)}
)
`;
