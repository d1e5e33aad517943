// Runs chuhan.wasm (WASI) under node 20 or later as the native program runs:
//
//   node tools/ports/wasm-run.mjs chuhan.wasm [ARGS...]
//
// with the arguments, the environment, the whole file system and the directory it was
// started in (PWD; app/main.c goes there), standard input, output and error, and the
// program's exit status.
//
// Standard input is this runner's own. The program has no threads, so it looks for
// input while it searches by asking poll_oneoff, with no time to wait, whether descriptor
// 0 is readable. Node's WASI never says so for a zero wait: it runs the time limit out
// before it looks at the descriptor. So a worker thread reads the real descriptor 0 into
// a ring buffer shared with the program's thread, and this runner answers the program's
// fd_read and poll_oneoff on descriptor 0 from that buffer; everything else is node's.

import { createReadStream, fstatSync, readFileSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { basename } from 'node:path';
import { ReadStream, isatty } from 'node:tty';
import { setFlagsFromString } from 'node:v8';
import { WASI } from 'node:wasi';
import { Worker, isMainThread, workerData } from 'node:worker_threads';

const RING = 1 << 16; // bytes of input held at most, a power of two
// The control words: bytes written and read so far (both modulo 2^32), the end of the input, and
// a count of the worker's news (bytes or the end). The program's thread sleeps on the count: its
// value, read before the thread looks for input, changes with either news, so neither can come
// between the look and the sleep unseen.
const WRITTEN = 0, TAKEN = 1, ENDED = 2, NEWS = 3;

// The worker: copies descriptor 0 into the ring as it comes, waiting while the ring is full. It
// reads as node reads its own standard input (a stream, not a blocking read), so that the
// process can end at any time; and it stays until then, as a worker that ends by itself while
// the process exits has been seen to abort it.
function readInput({ control, ring }) {
    const ctl = new Int32Array(control), bytes = new Uint8Array(ring);
    const input = isatty(0) ? new ReadStream(0)
                : fstatSync(0).isFile() ? createReadStream(null, { fd: 0 })
                                        : new Socket({ fd: 0, readable: true, writable: false });
    input.on('data', (chunk) => {
        for (let done = 0; done < chunk.length;) {
            const written = Atomics.load(ctl, WRITTEN), taken = Atomics.load(ctl, TAKEN);
            const room = RING - ((written - taken) | 0);
            if (room === 0) {
                Atomics.wait(ctl, TAKEN, taken);
                continue;
            }
            const n = Math.min(room, chunk.length - done);
            const at = written & (RING - 1), head = Math.min(n, RING - at);
            bytes.set(chunk.subarray(done, done + head), at);
            bytes.set(chunk.subarray(done + head, done + n), 0);
            done += n;
            Atomics.store(ctl, WRITTEN, (written + n) | 0);
            Atomics.add(ctl, NEWS, 1);
            Atomics.notify(ctl, NEWS);
        }
    });
    const ended = () => {
        Atomics.store(ctl, ENDED, 1);
        Atomics.add(ctl, NEWS, 1);
        Atomics.notify(ctl, NEWS);
        setInterval(() => {}, 1 << 30);
    };
    input.on('end', ended);
    input.on('error', ended);
}

function main() {
    const [file, ...args] = process.argv.slice(2);
    if (!file) {
        writeSync(2, 'usage: node tools/ports/wasm-run.mjs chuhan.wasm [ARGS...]\n');
        process.exit(2);
    }
    // Node's notice that WASI is experimental would go to the program's standard error.
    process.removeAllListeners('warning');
    // Node's WASI calls, made the fast way from optimised WebAssembly, can set off a garbage
    // collection in mid-call that frees node's WASI state (node 20 then aborts or crashes,
    // after some thousands of calls); the ordinary way is safe.
    setFlagsFromString('--no-turbo-fast-api-calls');
    const control = new SharedArrayBuffer(4 * 4), ring = new SharedArrayBuffer(RING);
    const reader = new Worker(new URL(import.meta.url), { workerData: { control, ring } });
    reader.unref();
    const wasi = new WASI({
        version: 'preview1',
        args: [basename(file, '.wasm'), ...args],
        env: { ...process.env, PWD: process.cwd() },
        preopens: { '/': '/' },
        returnOnExit: true,
    });
    let memory;
    const input = stdin(new Int32Array(control), new Uint8Array(ring), () => memory.buffer);
    const imports = { wasi_snapshot_preview1: { ...wasi.wasiImport, ...input.calls(wasi.wasiImport) } };
    const module = new WebAssembly.Module(readFileSync(file));
    const instance = new WebAssembly.Instance(module, imports);
    memory = instance.exports.memory;
    process.exit(wasi.start(instance));
}

// WASI's numbers (wasi/api.h of wasi-libc).
const ERRNO_SUCCESS = 0, ERRNO_INVAL = 28;
const EVENTTYPE_CLOCK = 0, EVENTTYPE_FD_READ = 1;
const SUBCLOCKFLAGS_ABSTIME = 1, EVENTRWFLAGS_HANGUP = 1;
const CLOCKID_REALTIME = 0;
const SUBSCRIPTION_SIZE = 48, EVENT_SIZE = 32;

// Descriptor 0 from the ring: fd_read waits for bytes, poll_oneoff says whether there are any.
// buffer() is the program's memory now (it moves when the memory grows).
function stdin(ctl, bytes, buffer) {
    const view = () => new DataView(buffer());
    const available = () => (Atomics.load(ctl, WRITTEN) - Atomics.load(ctl, TAKEN)) | 0;
    const ended = () => Atomics.load(ctl, ENDED) === 1;
    // Waits until there is input or its end, at most ms (Infinity: for ever); true if there is.
    const wait = (ms) => {
        const deadline = performance.now() + ms;
        for (;;) {
            const news = Atomics.load(ctl, NEWS);
            if (available() > 0 || ended())
                return true;
            const left = deadline - performance.now();
            if (left <= 0)
                return false;
            Atomics.wait(ctl, NEWS, news, left);
        }
    };

    function fd_read(base, fd, iovs, count, nread) {
        if (fd !== 0)
            return base.fd_read(fd, iovs, count, nread);
        wait(Infinity);
        const v = view(), mem = new Uint8Array(buffer());
        let taken = Atomics.load(ctl, TAKEN), left = available(), n = 0;
        for (let i = 0; i < count && left > 0; i++) {
            let to = v.getUint32(iovs + 8 * i, true), part = Math.min(v.getUint32(iovs + 8 * i + 4, true), left);
            left -= part;
            n += part;
            while (part > 0) { // at most twice: up to the ring's end, then from its start
                const at = taken & (RING - 1), piece = Math.min(part, RING - at);
                mem.set(bytes.subarray(at, at + piece), to);
                to += piece;
                part -= piece;
                taken = (taken + piece) | 0;
            }
        }
        Atomics.store(ctl, TAKEN, taken);
        Atomics.notify(ctl, TAKEN);
        v.setUint32(nread, n, true);
        return ERRNO_SUCCESS;
    }

    // Nanoseconds from now until a clock subscription's time.
    function timeout(v, sub) {
        const ns = v.getBigUint64(sub + 24, true);
        if (!(v.getUint16(sub + 40, true) & SUBCLOCKFLAGS_ABSTIME))
            return ns;
        const now = v.getUint32(sub + 16, true) === CLOCKID_REALTIME ? BigInt(Date.now()) * 1000000n
                                                                   : process.hrtime.bigint();
        return ns > now ? ns - now : 0n;
    }

    function event(v, out, sub, type, nbytes, flags) {
        v.setBigUint64(out, v.getBigUint64(sub, true), true);
        v.setUint16(out + 8, ERRNO_SUCCESS, true);
        v.setUint8(out + 10, type);
        v.setBigUint64(out + 16, BigInt(nbytes), true);
        v.setUint16(out + 24, flags, true);
    }

    function poll_oneoff(base, subs, out, count, nevents) {
        let v = view();
        const readers = [], clocks = [];
        let others = 0;
        for (let i = 0; i < count; i++) {
            const sub = subs + SUBSCRIPTION_SIZE * i, tag = v.getUint8(sub + 8);
            if (tag === EVENTTYPE_FD_READ && v.getUint32(sub + 16, true) === 0)
                readers.push(sub);
            else if (tag === EVENTTYPE_CLOCK)
                clocks.push(sub);
            else
                others++;
        }
        if (!readers.length)
            return base.poll_oneoff(subs, out, count, nevents);
        if (others)
            return ERRNO_INVAL; // descriptor 0 with others at once: the program never asks that
        let first = null, ns = null;
        for (const sub of clocks) {
            const t = timeout(v, sub);
            if (ns === null || t < ns)
                [first, ns] = [sub, t];
        }
        const ready = wait(ns === null ? Infinity : Number(ns) / 1e6);
        v = view();
        let n = 0;
        if (ready)
            for (const sub of readers)
                event(v, out + EVENT_SIZE * n++, sub, EVENTTYPE_FD_READ, available(), ended() ? EVENTRWFLAGS_HANGUP : 0);
        else
            event(v, out + EVENT_SIZE * n++, first, EVENTTYPE_CLOCK, 0, 0);
        v.setUint32(nevents, n, true);
        return ERRNO_SUCCESS;
    }

    return {
        calls: (base) => ({
            fd_read: (...a) => fd_read(base, ...a),
            poll_oneoff: (...a) => poll_oneoff(base, ...a),
        }),
    };
}

if (isMainThread)
    main();
else
    readInput(workerData);
