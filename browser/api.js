// The interface web GUIs use for engines in a page: `Chuhan(options)` returns a
// promise of an engine with postMessage(line), addMessageListener(fn),
// removeMessageListener(fn) and terminate(). Appended to Emscripten's output
// (chuhan.js), after its factory ChuhanModule: a classic <script> gets the
// global Chuhan, require('chuhan') and `import Chuhan from 'chuhan'` the same
// function. The engine is the native protocol loop, run in a thread of its
// own: it reads the lines posted here while it searches, so `stop` works.

var Chuhan = (function () {
  'use strict';
  var isNode = typeof process === 'object' && process.versions && typeof process.versions.node === 'string';
  // Where chuhan.js was loaded from: the default home of chuhan.wasm and chuhan.worker.js.
  var scriptUrl = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src
    : isNode && typeof __filename === 'string' ? __filename : undefined;

  function cores() {
    if (typeof navigator === 'object' && navigator.hardwareConcurrency) return navigator.hardwareConcurrency;
    if (isNode) return require('os').cpus().length;
    return 1;
  }

  // Threads need shared memory, which a browser gives only to a cross-origin isolated page.
  function sharedMemory() {
    if (typeof SharedArrayBuffer === 'undefined') return false;
    return typeof crossOriginIsolated === 'undefined' || crossOriginIsolated;
  }

  var TERMINATED = 'terminate() was called';

  function Chuhan(options) {
    options = options || {};
    if (!sharedMemory()) {
      return Promise.reject(new Error('Chuhan needs SharedArrayBuffer: serve the page cross-origin isolated, with the '
        + 'headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp'));
    }
    // options.path: a folder URL (or directory) holding chuhan.wasm and chuhan.worker.js;
    // options.locateFile(name, folder): a URL for each, as Emscripten's own option.
    var locate = options.locateFile || (options.path !== undefined
      ? function (name) { return String(options.path).replace(/\/?$/, '/') + name; } : undefined);
    var listeners = [];
    var ended = null; // why the engine can no longer be used
    var deliver = function (line) {
      listeners.slice().forEach(function (fn) {
        try { fn(line); } catch (e) { setTimeout(function () { throw e; }); } // a listener's fault is its own
      });
    };
    var config = {
      arguments: [], // Emscripten would hand node's own command line to the engine
      thisProgram: 'chuhan',
      print: deliver,
      printErr: options.printErr || function (text) { console.warn('chuhan: ' + text); },
      // The protocol loop, a search thread and a helper for every further core start at once.
      poolSize: Math.max(2, Math.min(options.threads || cores(), 64) + 1),
      // `quit` ends the engine, not the program around it (Emscripten would end node's process).
      quit: function () { ended = ended || 'the engine has quit'; },
    };
    if (locate) config.locateFile = locate;
    if (options.wasmBinary) config.wasmBinary = options.wasmBinary;
    if (isNode && !config.wasmBinary) {
      // Emscripten would fetch() a file path, which node's fetch refuses.
      var path = require('path');
      var file = locate ? locate('chuhan.wasm', '') : path.join(path.dirname(scriptUrl), 'chuhan.wasm');
      config.wasmBinary = require('fs').readFileSync(file);
    }
    if (scriptUrl && !isNode) config.mainScriptUrlOrBlob = options.mainScriptUrlOrBlob || scriptUrl;

    return ChuhanModule(config).then(function (module) {
      function alive(what) {
        if (ended) throw new Error('Chuhan: ' + what + '() after the end: ' + ended + '; start another with Chuhan()');
      }
      return {
        postMessage: function (line) {
          alive('postMessage');
          var text = String(line) + '\n';
          var n = module.lengthBytesUTF8(text), at = module._malloc(n + 1);
          if (!at || (module.stringToUTF8(text, at, n + 1), module._chuhan_post(at, n)) !== 0)
            deliver('info string error: out of memory, the line was not read');
          if (at) module._free(at);
        },
        addMessageListener: function (fn) {
          alive('addMessageListener');
          if (typeof fn !== 'function') throw new TypeError('Chuhan: addMessageListener() takes a function');
          listeners.push(fn);
        },
        removeMessageListener: function (fn) {
          var i = listeners.indexOf(fn);
          if (i >= 0) listeners.splice(i, 1);
        },
        terminate: function () {
          if (ended === TERMINATED) alive('terminate'); // after quit, it still lets the threads go
          ended = TERMINATED;
          listeners = [];
          module.PThread.terminateAllThreads();
        },
      };
    });
  }
  Chuhan.default = Chuhan;
  return Chuhan;
})();

if (typeof module === 'object' && module.exports) module.exports = Chuhan;
