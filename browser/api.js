// The interface web GUIs use for engines in a page: `Chuhan(options)` returns a
// promise of an engine with postMessage(line), addMessageListener(fn),
// removeMessageListener(fn), writeFile(path, bytes) and terminate();
// `Chuhan({ tables })` names a place (a URL, or a folder under node) whose
// endgame tables the engine reads as it needs them. Appended to Emscripten's output
// (chuhan.js), after its factory ChuhanModule: a classic <script> gets the
// global Chuhan, require('chuhan') and `import Chuhan from 'chuhan'` the same
// function. The engine is the native protocol loop, run in a thread of its
// own: it reads the lines posted here while it searches, so `stop` works. A
// page that may not share memory gets the WASI build on one thread instead
// (browser/wasi-worker.js), behind the same interface.

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

  // options.tables as the EGTBPath the engine reads by URL (browser/range.js): a page's URL made
  // absolute, a folder under node as a file:// URL; undefined for none.
  function tablesPlace(tables) {
    if (tables === undefined || tables === null || tables === '') return undefined;
    tables = String(tables);
    if (/;/.test(tables)) throw new TypeError('Chuhan: tables names one place, not a list: ' + tables);
    if (/^[A-Za-z][A-Za-z]+:\/\//.test(tables)) return tables;
    if (isNode) {
      var folder = require('path').resolve(tables), fs = require('fs');
      if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new Error('Chuhan: tables: no folder ' + folder);
      return require('url').pathToFileURL(folder).href;
    }
    return new URL(tables, typeof document !== 'undefined' ? document.baseURI : location.href).href;
  }

  // The engine's face: lines in, lines out to the listeners, files in, and the end. send(line)
  // hands a line to the engine; put(path, bytes) a file; stop() ends it; ended() says why it can
  // no longer be used, if it cannot.
  function face(listeners, send, put, stop, ended, end) {
    function alive(what) {
      if (ended()) throw new Error('Chuhan: ' + what + '() after the end: ' + ended() + '; start another with Chuhan()');
    }
    return {
      postMessage: function (line) {
        alive('postMessage');
        send(String(line));
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
      // A file in the engine's own memory (it has no disk), for the options that name one: EGTBPath's folder, BookFile.
      writeFile: function (path, bytes) {
        alive('writeFile');
        if (!/^\/[^\0]+$/.test(String(path)) || /(^|\/)\.\.?(\/|$)/.test(String(path)))
          throw new TypeError('Chuhan: writeFile() takes an absolute path without . or .., not ' + path);
        put(String(path), bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
      },
      terminate: function () {
        if (ended() === TERMINATED) alive('terminate'); // after quit, it still lets the threads go
        end(TERMINATED);
        listeners.length = 0;
        stop();
      },
    };
  }

  function dispatcher(listeners) {
    return function (line) {
      listeners.slice().forEach(function (fn) {
        try { fn(line); } catch (e) { setTimeout(function () { throw e; }); } // a listener's fault is its own
      });
    };
  }

  // Where the page may not share memory: the WASI build on one thread in a worker, said in an info string.
  function oneThread(locate, place) {
    return new Promise(function (resolve, reject) {
      var listeners = [], deliver = dispatcher(listeners), ended = null, told = false;
      var worker = new Worker(locate('chuhan-wasi.worker.js', ''));
      worker.onmessage = function (event) {
        var m = event.data;
        if (m.line !== undefined) deliver(m.line);
        else if (m.exit !== undefined) { ended = ended || 'the engine has quit'; worker.terminate(); }
        else if (m.failed) reject(new Error('Chuhan: ' + m.error));
        else if (m.error) console.warn('chuhan: ' + m.error);
      };
      worker.onerror = function (e) { reject(new Error('Chuhan: ' + (e.message || 'the worker failed to start'))); };
      worker.postMessage({ url: new URL(locate('chuhan-wasi.wasm', ''), location.href).href });
      if (place) worker.postMessage({ line: 'setoption name EGTBPath value ' + place + '\n' });
      resolve(face(listeners, function (line) {
        if (!told) {
          told = true;
          var why = 'Chuhan runs on one thread: the page is not cross-origin isolated (threads need the headers '
            + 'Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)';
          deliver(/^\s*xboard\b/.test(line) ? '# ' + why : 'info string ' + why);
        }
        worker.postMessage({ line: line + '\n' });
      }, function (path, bytes) {
        worker.postMessage({ file: path, bytes: bytes.slice() }); // after the lines posted before it, before those after
      }, function () { worker.terminate(); }, function () { return ended; }, function (why) { ended = why; }));
    });
  }

  function Chuhan(options) {
    options = options || {};
    // options.path: a folder URL (or directory) holding chuhan.wasm and chuhan.worker.js;
    // options.locateFile(name, folder): a URL for each, as Emscripten's own option.
    var folder = scriptUrl ? scriptUrl.slice(0, scriptUrl.replace(/[?#].*/, '').lastIndexOf('/') + 1) : '';
    var locate = options.locateFile || (options.path !== undefined
      ? function (name) { return String(options.path).replace(/\/?$/, '/') + name; } : undefined);
    var place;
    try { place = tablesPlace(options.tables); } catch (e) { return Promise.reject(e); }
    if (!sharedMemory()) {
      if (typeof Worker === 'undefined' || typeof location === 'undefined')
        return Promise.reject(new Error('Chuhan needs SharedArrayBuffer or Web Workers, and this system has neither'));
      return oneThread(locate || function (name) { return folder + name; }, place);
    }
    var listeners = [];
    var ended = null; // why the engine can no longer be used
    var deliver = dispatcher(listeners);
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
      function send(text) {
        text += '\n';
        var n = module.lengthBytesUTF8(text), at = module._malloc(n + 1);
        if (!at || (module.stringToUTF8(text, at, n + 1), module._chuhan_post(at, n)) !== 0)
          deliver('info string error: out of memory, the line was not read');
        if (at) module._free(at);
      }
      if (place) send('setoption name EGTBPath value ' + place); // UCI's form: a later handshake keeps the option
      return face(listeners, send, function (path, bytes) {
        var dir = '';
        path.split('/').slice(1, -1).forEach(function (name) {
          dir += '/' + name;
          if (!module.FS.analyzePath(dir).exists) module.FS.mkdir(dir);
        });
        module.FS.writeFile(path, bytes);
      }, function () {
        module.PThread.terminateAllThreads();
      }, function () { return ended; }, function (why) { ended = why; });
    });
  }
  Chuhan.default = Chuhan;
  // Emscripten's own factory, for tools that run the build as a program (tools/ports/chuhan-node.js).
  Chuhan.ChuhanModule = ChuhanModule;
  return Chuhan;
})();

if (typeof module === 'object' && module.exports) module.exports = Chuhan;
