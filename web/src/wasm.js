// SPDX-License-Identifier: MIT
// Loads one of kickstep's wasm modules and gives typed access to its memory.
//
// The modules have no imports: the simulation is freestanding C, so nothing
// from JS (least of all Math.*) can reach it and change its bits. JS reads
// state straight out of exports.memory.buffer. The buffer can be replaced when
// memory grows, so every view is made fresh from the current buffer.

/** URL of a game's module, relative to the site root that this file was built into. */
export function wasmUrl(game) {
  return new URL(`../wasm/${game}.wasm`, document.baseURI.replace(/[^/]*$/, '')).href;
}

export async function loadWasm(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot load ${url}: HTTP ${res.status}`);
  let instance;
  if (WebAssembly.instantiateStreaming && (res.headers.get('content-type') || '').startsWith('application/wasm')) {
    ({ instance } = await WebAssembly.instantiateStreaming(res, {}));
  } else {
    ({ instance } = await WebAssembly.instantiate(await res.arrayBuffer(), {}));
  }
  return wrap(instance.exports);
}

/** Helpers over a module's exports: strings, doubles and bytes in its memory. */
export function wrap(exports) {
  const mem = exports.memory;
  const decoder = new TextDecoder();
  return {
    exports,
    /** NUL-terminated UTF-8 string at ptr. */
    str(ptr) {
      if (!ptr) return '';
      const bytes = new Uint8Array(mem.buffer);
      let end = ptr;
      while (bytes[end] !== 0) end++;
      return decoder.decode(bytes.subarray(ptr, end));
    },
    /** `len` bytes at ptr as a string. */
    text(ptr, len) {
      return decoder.decode(new Uint8Array(mem.buffer, ptr, len));
    },
    /** A Float64Array over `count` doubles at ptr (8-byte aligned). */
    f64(ptr, count) {
      return new Float64Array(mem.buffer, ptr, count);
    },
    /** A copy of `len` bytes at ptr. */
    bytes(ptr, len) {
      return new Uint8Array(mem.buffer, ptr, len).slice();
    },
    /** Writes bytes at ptr (at most cap); returns how many. */
    writeBytes(ptr, cap, u8) {
      if (u8.length > cap) throw new Error(`${u8.length} bytes do not fit in ${cap}`);
      new Uint8Array(mem.buffer, ptr, u8.length).set(u8);
      return u8.length;
    },
    /** Writes a string as NUL-terminated bytes at ptr (at most cap bytes, NUL included). */
    writeStr(ptr, cap, s) {
      const bytes = new TextEncoder().encode(s);
      if (bytes.length + 1 > cap) throw new Error(`string of ${bytes.length} bytes does not fit in ${cap}`);
      const dst = new Uint8Array(mem.buffer, ptr, bytes.length + 1);
      dst.set(bytes);
      dst[bytes.length] = 0;
      return bytes.length;
    },
  };
}
