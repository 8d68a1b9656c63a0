import wabtInit from 'wabt';

/** WebAssembly text → binary (base64), with wabt's wat2wasm. */
export async function compileWat(text: string): Promise<string> {
  const wabt = await wabtInit();
  const module = wabt.parseWat('shabal.wat', text);
  try {
    module.validate();
    return Buffer.from(module.toBinary({}).buffer).toString('base64');
  } finally {
    module.destroy();
  }
}
