import { loadWasm, wasmUrl } from '../src/wasm.js';
const k = await loadWasm(wasmUrl('kick'));
k.exports.kick_init(0, 1, 0);
document.getElementById('app').textContent = 'loaded';
