// Files at a URL read in pieces, synchronously, for the engine's endgame tables where EGTBPath
// names a place rather than a folder in memory (docs/web.md, "Tables fetched on demand"). A
// worker may make a synchronous XMLHttpRequest, so the engine's C call that wants the bytes
// (base/read_at.c, in whichever thread probes; browser/wasi-worker.js's pread) simply waits
// for them: one request with `Range: bytes=A-B` a read. Under node, a file:// URL is read with
// node's fs. Put before Emscripten's output (--pre-js) and after chuhan-wasi.worker.js.
var chuhanRange = (function () {
  'use strict';
  var TIMEOUT_MS = 20000; // a place that never answers fails the read, it does not hang the engine
  var LEAST = 1024;        // the fewest bytes a request asks for: a table's small reads (its priors, index) come together
  var KEPT = 1 << 21;      // the bytes of answers kept, in this worker: a block read again (its distances decoded) is not asked again
  var nodeFs = null;
  var kept = [], keptBytes = 0; // {url, offset, bytes}, the oldest first

  function fs() {
    if (!nodeFs) nodeFs = typeof process === 'object' && process.versions && process.versions.node
      && typeof require === 'function' ? require('fs') : false;
    return nodeFs;
  }

  function filePath(url) { return decodeURIComponent(url.replace(/^file:\/\//, '')); }

  // The answer to a GET of bytes first..last, or null where the place did not answer.
  function get(url, first, last) {
    if (typeof XMLHttpRequest === 'undefined') return null;
    var x = new XMLHttpRequest();
    try {
      x.open('GET', url, false);
      x.responseType = 'arraybuffer';
      x.timeout = TIMEOUT_MS;
      x.setRequestHeader('Range', 'bytes=' + first + '-' + last);
      x.send();
    } catch (e) {
      return null;
    }
    return x;
  }

  // The file's length; -2 where the place has no such file, -1 where it cannot be read.
  function size(url) {
    if (/^file:/.test(url)) {
      if (!fs()) return -1;
      try { return fs().statSync(filePath(url)).size; } catch (e) { return e.code === 'ENOENT' ? -2 : -1; }
    }
    var x = get(url, 0, 0);
    if (!x) return -1;
    if (x.status === 404 || x.status === 410) return -2;
    if (x.status === 416) return 0;
    if (x.status === 200) { // a server without ranges: the whole file came, and is kept for the reads
      keep(url, 0, new Uint8Array(x.response));
      return x.response.byteLength;
    }
    var total = x.status === 206 && /\/(\d+)\s*$/.exec(x.getResponseHeader('Content-Range') || '');
    return total ? Number(total[1]) : -1;
  }

  function fromKept(url, into, offset) {
    for (var i = kept.length - 1; i >= 0; i--) {
      var k = kept[i];
      if (k.url === url && offset >= k.offset && offset + into.length <= k.offset + k.bytes.length) {
        into.set(k.bytes.subarray(offset - k.offset, offset - k.offset + into.length));
        return true;
      }
    }
    return false;
  }

  function keep(url, offset, bytes) {
    kept.push({ url: url, offset: offset, bytes: bytes });
    for (keptBytes += bytes.length; keptBytes > KEPT && kept.length > 1;) keptBytes -= kept.shift().bytes.length;
  }

  // Fills `into` with the file's bytes from `offset`; false where they could not all be read.
  function read(url, into, offset) {
    if (/^file:/.test(url)) {
      if (!fs()) return false;
      var fd = -1;
      try {
        fd = fs().openSync(filePath(url), 'r');
        for (var done = 0, got; done < into.length; done += got)
          if (!(got = fs().readSync(fd, into, done, into.length - done, offset + done))) return false;
        return true;
      } catch (e) {
        return false;
      } finally {
        if (fd >= 0) fs().closeSync(fd);
      }
    }
    if (fromKept(url, into, offset)) return true;
    var x = get(url, offset, offset + Math.max(into.length, LEAST) - 1); // a server gives no more than the file has
    if (!x || (x.status !== 206 && x.status !== 200)) return false;
    var body = new Uint8Array(x.response), at = x.status === 200 ? offset : 0;
    if (body.length < at + into.length) return false;
    into.set(body.subarray(at, at + into.length));
    keep(url, at ? 0 : offset, body); // a whole file, where the server sent it whole
    return true;
  }

  return { size: size, read: read };
})();
