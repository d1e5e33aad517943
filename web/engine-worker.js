// Runs chuhan.wasm in a Web Worker, one short session at a time: the page
// posts {id, script} (UCI lines), the engine reads them as its standard input,
// and every line it writes comes back as {id, line}; {id, done} ends the run.
// The input ends with the script, so a search answers and the engine exits:
// no thread and no shared memory are needed, and the page never waits on it.

let module = null;

async function load(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  module = await WebAssembly.compile(await response.arrayBuffer());
}

class Exit extends Error {
  constructor(code) {
    super(`exit ${code}`);
    this.code = code;
  }
}

// The WASI calls the engine makes, for one run: stdin from the script,
// stdout and stderr a line at a time to the page.
function wasi(id, script) {
  const encoder = new TextEncoder(), decoder = new TextDecoder();
  const input = encoder.encode(script);
  let readAt = 0, memory = null, pending = '';
  const view = () => new DataView(memory.buffer);
  const bytes = () => new Uint8Array(memory.buffer);
  const ok = 0, badf = 8, inval = 28, nosys = 52;

  const emit = (text) => {
    pending += text;
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      postMessage({ id, line: pending.slice(0, nl).replace(/\r$/, '') });
      pending = pending.slice(nl + 1);
    }
  };
  const iovecs = (ptr, count) => {
    const v = view(), list = [];
    for (let i = 0; i < count; i++) list.push([v.getUint32(ptr + 8 * i, true), v.getUint32(ptr + 8 * i + 4, true)]);
    return list;
  };
  const calls = {
    args_sizes_get(argc, size) {
      view().setUint32(argc, 1, true);
      view().setUint32(size, 7, true);
      return ok;
    },
    args_get(argv, buf) {
      view().setUint32(argv, buf, true);
      bytes().set(encoder.encode('chuhan\0'), buf);
      return ok;
    },
    environ_sizes_get(count, size) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return ok;
    },
    environ_get() { return ok; },
    clock_res_get(clock, out) {
      view().setBigUint64(out, 1000n, true);
      return ok;
    },
    clock_time_get(clock, precision, out) {
      const ns = clock === 0 ? BigInt(Date.now()) * 1000000n : BigInt(Math.round(performance.now() * 1e6));
      view().setBigUint64(out, ns, true);
      return ok;
    },
    random_get(ptr, len) {
      crypto.getRandomValues(bytes().subarray(ptr, ptr + len));
      return ok;
    },
    fd_write(fd, iov, count, written) {
      if (fd !== 1 && fd !== 2) return badf;
      let total = 0;
      for (const [ptr, len] of iovecs(iov, count)) {
        const text = decoder.decode(bytes().subarray(ptr, ptr + len));
        if (fd === 1) emit(text);
        else postMessage({ id, error: text });
        total += len;
      }
      view().setUint32(written, total, true);
      return ok;
    },
    fd_read(fd, iov, count, read) {
      if (fd !== 0) return badf;
      let total = 0;
      for (const [ptr, len] of iovecs(iov, count)) {
        const n = Math.min(len, input.length - readAt);
        bytes().set(input.subarray(readAt, readAt + n), ptr);
        readAt += n;
        total += n;
        if (n < len) break;
      }
      view().setUint32(read, total, true);
      return ok;
    },
    fd_fdstat_get(fd, out) {
      if (fd > 2) return badf;
      const v = view();
      v.setUint8(out, 2); // a character device
      v.setUint16(out + 2, 0, true);
      v.setBigUint64(out + 8, 0xffffffffn, true);
      v.setBigUint64(out + 16, 0xffffffffn, true);
      return ok;
    },
    fd_prestat_get() { return badf; },
    fd_prestat_dir_name() { return badf; },
    fd_close() { return ok; },
    fd_seek() { return inval; },
    path_open() { return nosys; },
    poll_oneoff(subs, events, count, done) {
      view().setUint32(done, 0, true);
      return ok;
    },
    sched_yield() { return ok; },
    proc_exit(code) { throw new Exit(code); },
  };
  const stub = () => nosys;
  const imports = new Proxy({}, { get: (_, name) => calls[name] || stub });
  return {
    imports,
    attach(instance) { memory = instance.exports.memory; },
    flush() { if (pending) emit('\n'); },
  };
}

async function run(id, script) {
  const system = wasi(id, script);
  // Any other module the build may import from answers "nothing to report".
  const anything = new Proxy({}, { get: () => new Proxy({}, { get: () => () => 0 }) });
  const instance = await WebAssembly.instantiate(module, new Proxy({ wasi_snapshot_preview1: system.imports }, {
    get: (target, name) => target[name] || anything[name],
  }));
  system.attach(instance);
  try {
    instance.exports._start();
  } catch (e) {
    if (!(e instanceof Exit)) postMessage({ id, error: String(e) });
  }
  system.flush();
  postMessage({ id, done: true });
}

let queue = Promise.resolve();
onmessage = (event) => {
  const { id, script, url } = event.data;
  queue = queue.then(async () => {
    try {
      if (!module) await load(url || 'chuhan.wasm');
      await run(id, script);
    } catch (e) {
      postMessage({ id, error: String(e) });
      postMessage({ id, done: true });
    }
  });
};
