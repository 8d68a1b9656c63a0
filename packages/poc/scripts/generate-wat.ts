/**
 * The WebAssembly text of Shabal-256 and the whole Burst nonce build, laid out by hand (state
 * in locals, permutation unrolled, native i32.rotl, message words read straight from memory,
 * B and C swapped by renaming across two blocks instead of moves). scripts/build-wasm.ts
 * writes it to src/wasm/shabal.wat and compiles it (wabt's wat2wasm, a pure npm package).
 *
 * Memory (5 pages): [0, 262160) the nonce being built (its 16-byte seed at 262144),
 * [PAD, PAD + 64) the padded last block, [FINAL, FINAL + 32) the final hash.
 */
import { shabal256InitialWords } from '../src/shabal.reference.ts';

const iv = shabal256InitialWords();
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const NONCE = 262144;
const PAD = 262208;
const FINAL = 262272;

const g = (name: string) => `(local.get $${name})`;
const set = (name: string, value: string) => `(local.set $${name} ${value})`;
const i32 = (x: number) => `(i32.const ${x | 0})`;
const not = (x: string) => `(i32.xor ${x} (i32.const -1))`;

/** m_i straight from memory: fewer live locals than copying the block into 16 of them. */
const mw = (i: number) => `(i32.load offset=${i * 4} ${g('p')})`;

function permutation(B = 'b', C = 'c'): string[] {
  const lines: string[] = [];
  for (const i of range(16)) lines.push(set(`${B}${i}`, `(i32.rotl ${g(`${B}${i}`)} ${i32(17)})`));
  for (const j of range(3)) {
    for (const i of range(16)) {
      const k = (16 * j + i) % 12;
      const prev = (16 * j + i + 11) % 12;
      const c = (8 - i + 16) % 16;
      const inner = `(i32.mul (i32.xor (i32.xor ${g(`a${k}`)} (i32.mul (i32.rotl ${g(`a${prev}`)} ${i32(15)}) ${i32(5)})) ${g(`${C}${c}`)}) ${i32(3)})`;
      const mixed = `(i32.xor (i32.xor (i32.xor ${inner} ${g(`${B}${(i + 13) % 16}`)}) (i32.and ${g(`${B}${(i + 9) % 16}`)} ${not(g(`${B}${(i + 6) % 16}`))})) ${mw(i)})`;
      lines.push(set(`a${k}`, mixed));
      lines.push(set(`${B}${i}`, not(`(i32.xor (i32.rotl ${g(`${B}${i}`)} ${i32(1)}) ${g(`a${k}`)})`)));
    }
  }
  for (const k of range(12)) {
    let sum = g(`a${k}`);
    for (const j of range(36)) if (11 - (j % 12) === k) sum = `(i32.add ${sum} ${g(`${C}${(((6 - j) % 16) + 16) % 16}`)})`;
    lines.push(set(`a${k}`, sum));
  }
  return lines;
}

const swap = () => range(16).flatMap((i) => [set('t', g(`b${i}`)), set(`b${i}`, g(`c${i}`)), set(`c${i}`, g('t'))]);
const xorW = () => [set('a0', `(i32.xor ${g('a0')} ${g('wl')})`), set('a1', `(i32.xor ${g('a1')} ${g('wh')})`)];
const indent = (lines: string[], n: number) => lines.map((l) => ' '.repeat(n) + l).join('\n');

const locals = [...range(12).map((i) => `a${i}`), ...range(16).map((i) => `b${i}`), ...range(16).map((i) => `c${i}`), 't', 'wl', 'wh', 'p', 'full', 'block', 'k', 'rest', 'round'];

/** The last block: the remaining bytes, 0x80, zeros, at PAD (p then points there). */
const padBlock = [
  `(if (i32.eq ${g('block')} ${g('full')})`,
  '  (then',
  ...range(16).map((i) => `    (i32.store offset=${i * 4} ${i32(PAD)} ${i32(0)})`),
  `    ${set('rest', `(i32.and ${g('len')} ${i32(63)})`)}`,
  `    ${set('k', i32(0))}`,
  '    (block $copied',
  '      (loop $copy',
  `        (br_if $copied (i32.ge_u ${g('k')} ${g('rest')}))`,
  `        (i32.store8 (i32.add ${i32(PAD)} ${g('k')}) (i32.load8_u (i32.add ${g('p')} ${g('k')})))`,
  `        ${set('k', `(i32.add ${g('k')} ${i32(1)})`)}`,
  '        (br $copy)))',
  `    (i32.store8 (i32.add ${i32(PAD)} ${g('rest')}) ${i32(0x80)})`,
  `    ${set('p', i32(PAD))}))`,
];

/** One message block with B and C under the given names; the next block swaps the names (no moves). */
const messageBlock = (B: string, C: string, exit: string) => [
  ...padBlock,
  ...range(16).map((i) => set(`${B}${i}`, `(i32.add ${g(`${B}${i}`)} ${mw(i)})`)),
  ...xorW(),
  ...permutation(B, C),
  `(br_if ${exit} (i32.eq ${g('block')} ${g('full')}))`,
  ...range(16).map((i) => set(`${C}${i}`, `(i32.sub ${g(`${C}${i}`)} ${mw(i)})`)),
  set('wl', `(i32.add ${g('wl')} ${i32(1)})`),
  `(if (i32.eqz ${g('wl')}) (then ${set('wh', `(i32.add ${g('wh')} ${i32(1)})`)}))`,
  set('p', `(i32.add ${g('p')} ${i32(64)})`),
  set('block', `(i32.add ${g('block')} ${i32(1)})`),
];

const shabal = [
  ...range(12).map((i) => set(`a${i}`, i32(iv.a[i]!))),
  ...range(16).map((i) => set(`b${i}`, i32(iv.b[i]!))),
  ...range(16).map((i) => set(`c${i}`, i32(iv.c[i]!))),
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
  ...range(8).map((i) => `(i32.store offset=${i * 4} ${g('out')} ${g(`b${8 + i}`)})`),
];

export const wat = `;; GENERATED by packages/poc/scripts/generate-wat.ts — do not edit by hand.
;; Shabal-256 and the Burst nonce build; see the generator for the memory layout.
(module
  (memory (export "memory") 5)
  (global (export "PAD") i32 ${i32(PAD)})
  (global (export "FINAL") i32 ${i32(FINAL)})

  ;; shabal256(src, len, out): the digest of memory[src, src + len) into memory[out, out + 32)
  (func $shabal (export "shabal256") (param $src i32) (param $len i32) (param $out i32)
${locals.map((l) => `    (local $${l} i32)`).join('\n')}
${indent(shabal, 4)}
  )

  ;; buildNonce(): with the seed at ${NONCE}, the 8192 plot hashes backwards (each over at most
  ;; the 4096 bytes after it) into [0, ${NONCE}), and the hash of it all (with the seed) at FINAL
  (func (export "buildNonce")
    (local $i i32) (local $len i32)
    ${set('i', i32(NONCE))}
    (loop $hashes
      ${set('len', `(i32.sub ${i32(NONCE + 16)} ${g('i')})`)}
      (if (i32.gt_u ${g('len')} ${i32(4096)}) (then ${set('len', i32(4096))}))
      (call $shabal ${g('i')} ${g('len')} (i32.sub ${g('i')} ${i32(32)}))
      ${set('i', `(i32.sub ${g('i')} ${i32(32)})`)}
      (br_if $hashes (i32.gt_u ${g('i')} ${i32(0)})))
    (call $shabal ${i32(0)} ${i32(NONCE + 16)} ${i32(FINAL)})
  )
)
`;

