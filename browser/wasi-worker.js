// chuhan-wasi.worker.js: the engine on one thread, for a page that may not share memory (not
// cross-origin isolated). It runs the WASI build (chuhan-wasi.wasm, `make wasm` made resumable
// by binaryen's Asyncify) for the worker's life: where the engine would wait for input (fd_read,
// poll_oneoff with a time), and every few milliseconds while it searches (poll_oneoff with none),
// its stack is unwound to this worker's event loop, so the page's lines come in, `stop` among
// them, and it is rewound where it was. The page posts {url} once, then {line} for each line
// and {file, bytes} for each file it hands the engine (read-only, in this worker's memory);
// the worker posts {line} for each line written, {error} and {exit}. A path that is a URL (an
// EGTBPath place, `Chuhan({ tables })`) is read a piece at a time by requests (browser/range.js,
// which `make emscripten` appends to this file).
'use strict';

const OK = 0, BADF = 8, INVAL = 28, IO = 29, NOENT = 44, NOSYS = 52, NOTDIR = 54, ROFS = 69;
const DIRECTORY = 3, REGULAR = 4, FIRST_FD = 3; // the root, preopened as the first descriptor after the standard ones
const NORMAL = 0, UNWINDING = 1, REWINDING = 2;
const YIELD_MS = 10;            // the longest a search goes without reading what the page posted
const ASYNC_STACK = 1 << 20;    // room for the frames an unwinding saves
const encoder = new TextEncoder(), decoder = new TextDecoder();

let exports = null, memory = null, asyncData = 0;
let pending = [];               // bytes posted and not yet read, in chunks
let wake = null;                // while unwound: resumes the engine
let lastYield = 0, outText = '';
const files = new Map();        // path without its leading '/' -> bytes
const descriptors = new Map([[FIRST_FD, { path: '', at: 0 }]]); // descriptor -> the path it reads ('' the root) and where

class Exit extends Error {
  constructor(code) { super(`exit ${code}`); this.code = code; }
}

const view = () => new DataView(memory.buffer);
const bytes = () => new Uint8Array(memory.buffer);
const available = () => pending.reduce((n, chunk) => n + chunk.length, 0);

// Unwinds to the event loop; the engine is rewound into the same call when input comes or after ms.
function suspend(ms) {
  const v = view();
  v.setInt32(asyncData, asyncData + 8, true);
  v.setInt32(asyncData + 4, asyncData + ASYNC_STACK, true);
  exports.asyncify_start_unwind(asyncData);
  lastYield = performance.now();
  let timer = null;
  const resume = () => {
    if (wake !== resume) return;
    wake = null;
    clearTimeout(timer);
    exports.asyncify_start_rewind(asyncData);
    run();
  };
  wake = resume;
  if (ms === 0) {
    const channel = new MessageChannel(); // no clamping, as nested timeouts have
    channel.port1.onmessage = resume;
    channel.port2.postMessage(0);
  } else if (ms !== Infinity) {
    timer = setTimeout(resume, ms);
  }
}

// True when this call is the engine coming back from suspend(): the call then finishes its work.
function resumed() {
  if (exports.asyncify_get_state() !== REWINDING) return false;
  exports.asyncify_stop_rewind();
  return true;
}

function run() {
  try {
    exports._start();
  } catch (e) {
    postMessage(e instanceof Exit ? { exit: e.code } : { error: String(e) });
    return;
  }
  if (exports.asyncify_get_state() === UNWINDING) exports.asyncify_stop_unwind();
  else postMessage({ exit: 0 });
}

function emit(text) {
  outText += text;
  let nl;
  while ((nl = outText.indexOf('\n')) >= 0) {
    postMessage({ line: outText.slice(0, nl).replace(/\r$/, '') });
    outText = outText.slice(nl + 1);
  }
}

function iovecs(ptr, count) {
  const v = view(), list = [];
  for (let i = 0; i < count; i++) list.push([v.getUint32(ptr + 8 * i, true), v.getUint32(ptr + 8 * i + 4, true)]);
  return list;
}

function fd_read(fd, iov, count, nread) {
  const f = descriptors.get(fd);
  if (f && files.has(f.path)) {
    f.at += readInto(files.get(f.path), f.at, iov, count, nread);
    return OK;
  }
  if (fd !== 0) return BADF;
  if (!resumed() && !available()) {
    suspend(Infinity);
    return OK;
  }
  let total = 0;
  for (const [ptr, len] of iovecs(iov, count)) {
    let done = 0;
    while (done < len && pending.length) {
      const chunk = pending[0], n = Math.min(len - done, chunk.length);
      bytes().set(chunk.subarray(0, n), ptr + done);
      done += n;
      if (n === chunk.length) pending.shift();
      else pending[0] = chunk.subarray(n);
    }
    total += done;
    if (done < len) break;
  }
  view().setUint32(nread, total, true);
  return OK;
}

// The engine asks whether input is at hand (a zero wait, every 1,024 nodes of a search) or waits
// for it a while; only descriptor 0 and clocks are ever asked about.
function poll_oneoff(subs, out, count, nevents) {
  const back = resumed();
  let v = view();
  const readers = [], clocks = [];
  let wait = Infinity;
  for (let i = 0; i < count; i++) {
    const sub = subs + 48 * i, tag = v.getUint8(sub + 8);
    if (tag === 0) {
      clocks.push(sub);
      let ns = Number(v.getBigUint64(sub + 24, true));
      if (v.getUint16(sub + 40, true) & 1) ns -= (v.getUint32(sub + 16, true) === 0 ? Date.now() : performance.now()) * 1e6;
      wait = Math.min(wait, Math.max(0, ns / 1e6));
    } else if (tag === 1 && v.getUint32(sub + 16, true) === 0) {
      readers.push(sub);
    } else {
      return INVAL;
    }
  }
  const ready = readers.length > 0 && available() > 0;
  if (!back && !ready && (wait > 0 || performance.now() - lastYield >= YIELD_MS)) {
    suspend(wait);
    return OK;
  }
  v = view();
  const answer = ready ? readers : clocks.slice(0, 1);
  answer.forEach((sub, i) => {
    const at = out + 32 * i;
    v.setBigUint64(at, v.getBigUint64(sub, true), true);
    v.setUint16(at + 8, OK, true);
    v.setUint8(at + 10, v.getUint8(sub + 8));
    v.setBigUint64(at + 16, BigInt(ready ? available() : 0), true);
    v.setUint16(at + 24, 0, true);
  });
  v.setUint32(nevents, answer.length, true);
  return OK;
}

// ---- The files the page handed over: a read-only tree under '/', as much of WASI's file calls
// as the engine's opendir, open, fstat, pread and fread need ----

// The path a call names, from the folder of dirfd, or null where it leaves the tree.
function pathAt(dirfd, ptr, len) {
  const parts = [];
  for (const name of `${descriptors.get(dirfd).path}/${decoder.decode(bytes().slice(ptr, ptr + len))}`.split('/')) {
    if (name === '..') return null;
    if (name && name !== '.') parts.push(name);
  }
  return parts.join('/');
}

// What stands at a path: REGULAR, DIRECTORY or 0 for nothing.
const kind = (path) => (files.has(path) ? REGULAR
  : path === '' || [...files.keys()].some((f) => f.startsWith(path + '/')) ? DIRECTORY : 0);

// A folder's entries as [name, kind], each once.
function entries(dir) {
  const prefix = dir ? dir + '/' : '', names = new Map([['.', DIRECTORY], ['..', DIRECTORY]]);
  for (const f of files.keys()) {
    if (!f.startsWith(prefix)) continue;
    const rest = f.slice(prefix.length), slash = rest.indexOf('/');
    names.set(slash < 0 ? rest : rest.slice(0, slash), slash < 0 ? REGULAR : DIRECTORY);
  }
  return [...names];
}

// A URL the engine opens (pathAt joins its "//"): read by requests, its length asked once.
const urlSizes = new Map();
function openUrl(path, opened) {
  const m = /^([A-Za-z]+):\/(.*)$/.exec(path);
  if (!m) return NOENT;
  const url = `${m[1]}://${m[2]}`, size = urlSizes.has(url) ? urlSizes.get(url) : chuhanRange.size(url);
  if (size < 0) return size === -2 ? NOENT : IO;
  urlSizes.set(url, size);
  descriptors.set(nextFd, { url, size, at: 0 });
  view().setUint32(opened, nextFd++, true);
  return OK;
}

function readUrl(f, offset, iov, count, nread) {
  let total = 0;
  for (const [ptr, len] of iovecs(iov, count)) {
    const n = Math.max(0, Math.min(len, f.size - offset - total));
    if (n && !chuhanRange.read(f.url, bytes().subarray(ptr, ptr + n), offset + total)) return IO;
    total += n;
  }
  view().setUint32(nread, total, true);
  return OK;
}

function statAt(path, out, size) {
  const v = view(), type = size !== undefined ? REGULAR : kind(path);
  if (!type) return NOENT;
  for (let i = 0; i < 64; i += 8) v.setBigUint64(out + i, 0n, true);
  v.setBigUint64(out + 8, BigInt([...files.keys()].indexOf(path) + 2), true); // an inode of its own, never 0
  v.setUint8(out + 16, type);
  v.setBigUint64(out + 24, 1n, true);
  v.setBigUint64(out + 32, BigInt(size !== undefined ? size : type === REGULAR ? files.get(path).length : 0), true);
  return OK;
}

// Copies the file's bytes from `at` into the buffers; the count goes to nread.
function readInto(data, at, iov, count, nread) {
  let total = 0;
  for (const [ptr, len] of iovecs(iov, count)) {
    const chunk = data.subarray(Math.min(at + total, data.length), Math.min(at + total + len, data.length));
    bytes().set(chunk, ptr);
    total += chunk.length;
  }
  view().setUint32(nread, total, true);
  return total;
}

let nextFd = FIRST_FD + 1;
const fileCalls = {
  fd_prestat_get(fd, out) {
    if (fd !== FIRST_FD) return BADF;
    view().setUint8(out, 0);
    view().setUint32(out + 4, 1, true);
    return OK;
  },
  fd_prestat_dir_name(fd, ptr) {
    if (fd !== FIRST_FD) return BADF;
    bytes().set(encoder.encode('/'), ptr);
    return OK;
  },
  path_open(dirfd, dirflags, ptr, len, oflags, rightsBase, rightsInheriting, fdflags, opened) {
    if (!descriptors.has(dirfd)) return BADF;
    const path = pathAt(dirfd, ptr, len), type = path === null ? 0 : kind(path);
    if (oflags & (1 | 4 | 8)) return ROFS; // creating, exclusive or truncating: nothing here is written
    if (!type) return path === null ? NOENT : openUrl(path, opened);
    if ((oflags & 2) && type !== DIRECTORY) return NOTDIR;
    descriptors.set(nextFd, { path, at: 0 });
    view().setUint32(opened, nextFd++, true);
    return OK;
  },
  fd_close(fd) {
    if (fd !== FIRST_FD) descriptors.delete(fd);
    return OK;
  },
  fd_filestat_get(fd, out) {
    const f = descriptors.get(fd);
    return f ? statAt(f.path, out, f.url ? f.size : undefined) : BADF;
  },
  path_filestat_get(dirfd, flags, ptr, len, out) {
    if (!descriptors.has(dirfd)) return BADF;
    const path = pathAt(dirfd, ptr, len);
    return path === null ? NOENT : statAt(path, out);
  },
  fd_pread(fd, iov, count, offset, nread) {
    const f = descriptors.get(fd);
    if (f && f.url) return readUrl(f, Number(offset), iov, count, nread);
    if (!f || !files.has(f.path)) return BADF;
    readInto(files.get(f.path), Number(offset), iov, count, nread);
    return OK;
  },
  fd_seek(fd, offset, whence, out) {
    const f = descriptors.get(fd);
    if (!f || !files.has(f.path)) return BADF;
    const at = Number(offset) + [0, f.at, files.get(f.path).length][whence];
    if (!(at >= 0)) return INVAL;
    f.at = at;
    view().setBigUint64(out, BigInt(at), true);
    return OK;
  },
  fd_readdir(fd, buf, len, cookie, used) {
    const f = descriptors.get(fd);
    if (!f || kind(f.path) !== DIRECTORY) return BADF;
    const list = entries(f.path), out = [];
    list.slice(Number(cookie)).forEach(([name, type], i) => {
      const utf8 = encoder.encode(name), d = new DataView(new ArrayBuffer(24));
      d.setBigUint64(0, BigInt(Number(cookie) + i + 1), true);
      d.setBigUint64(8, BigInt(Number(cookie) + i + 2), true);
      d.setUint32(16, utf8.length, true);
      d.setUint8(20, type);
      out.push(new Uint8Array(d.buffer), utf8);
    });
    const all = new Uint8Array(out.reduce((n, a) => n + a.length, 0));
    out.reduce((at, a) => (all.set(a, at), at + a.length), 0);
    bytes().set(all.subarray(0, len), buf); // a full buffer tells the reader to ask again for the rest
    view().setUint32(used, Math.min(len, all.length), true);
    return OK;
  },
};

const calls = {
  fd_read,
  poll_oneoff,
  args_sizes_get(argc, size) {
    view().setUint32(argc, 1, true);
    view().setUint32(size, 7, true);
    return OK;
  },
  args_get(argv, buf) {
    view().setUint32(argv, buf, true);
    bytes().set(encoder.encode('chuhan\0'), buf);
    return OK;
  },
  environ_sizes_get(n, size) {
    view().setUint32(n, 0, true);
    view().setUint32(size, 0, true);
    return OK;
  },
  environ_get() { return OK; },
  clock_res_get(clock, out) {
    view().setBigUint64(out, 1000n, true);
    return OK;
  },
  clock_time_get(clock, precision, out) {
    const ns = clock === 0 ? BigInt(Date.now()) * 1000000n : BigInt(Math.round(performance.now() * 1e6));
    view().setBigUint64(out, ns, true);
    return OK;
  },
  random_get(ptr, len) {
    crypto.getRandomValues(bytes().subarray(ptr, ptr + len));
    return OK;
  },
  fd_write(fd, iov, count, written) {
    if (fd !== 1 && fd !== 2) return BADF;
    let total = 0;
    for (const [ptr, len] of iovecs(iov, count)) {
      const text = decoder.decode(bytes().slice(ptr, ptr + len));
      if (fd === 1) emit(text);
      else postMessage({ error: text });
      total += len;
    }
    view().setUint32(written, total, true);
    return OK;
  },
  fd_fdstat_get(fd, out) {
    if (fd > 2 && !descriptors.has(fd)) return BADF;
    const v = view();
    v.setUint8(out, fd > 2 ? kind(descriptors.get(fd).path) : 2); // a character device, or a file or folder handed over
    v.setUint16(out + 2, 0, true);
    v.setBigUint64(out + 8, 0xffffffffn, true);
    v.setBigUint64(out + 16, 0xffffffffn, true);
    return OK;
  },
  ...fileCalls,
  sched_yield() { return OK; },
  proc_exit(code) { throw new Exit(code); },
};

async function start(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const module = await WebAssembly.compile(await response.arrayBuffer());
  const imports = { wasi_snapshot_preview1: new Proxy(calls, { get: (t, name) => t[name] || (() => NOSYS) }) };
  const instance = await WebAssembly.instantiate(module, imports);
  exports = instance.exports;
  memory = exports.memory;
  asyncData = memory.grow(ASYNC_STACK / 65536) * 65536; // beyond the heap's end: malloc grows past it
  run();
}

onmessage = ({ data }) => {
  if (data.url) {
    start(data.url).catch((e) => postMessage({ error: String(e), failed: true }));
  } else if (data.file !== undefined) {
    files.set(data.file.replace(/^\/+/, ''), data.bytes);
  } else if (data.line !== undefined) {
    pending.push(encoder.encode(data.line));
    if (wake) wake();
  }
};
