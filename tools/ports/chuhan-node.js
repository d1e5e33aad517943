// Runs the Emscripten build (build/emscripten/chuhan.js, or CHUHAN_JS) under node as a program,
// as ./chuhan runs: node tools/ports/chuhan-node.js [ARGS...]. Its standard input goes to the engine a
// line at a time while it runs (the protocol loop reads it in its own thread), its end is the
// end of the engine's input, and the program's exit status is node's. For checks that drive the
// build as GUIs drive ./chuhan (CHUHAN_ENGINE="node tools/ports/chuhan-node.js" ./tests/run).
'use strict';
const fs = require('fs');
const path = require('path');

const file = process.env.CHUHAN_JS || path.join(__dirname, '..', '..', 'build', 'emscripten', 'chuhan.js');
const { ChuhanModule } = require(file);

ChuhanModule({
  arguments: process.argv.slice(2),
  thisProgram: 'chuhan',
  wasmBinary: fs.readFileSync(path.join(path.dirname(file), 'chuhan.wasm')),
  poolSize: 3,
  print: (line) => fs.writeSync(1, line + '\n'),
  printErr: (line) => fs.writeSync(2, line + '\n'),
  quit: (code) => process.exit(code),
}).then((module) => {
  // Bytes as they come: a line may arrive in pieces, a character split between them.
  const post = (chunk) => {
    const at = module._malloc(chunk.length || 1);
    new Uint8Array(module.wasmMemory.buffer).set(chunk, at);
    module._chuhan_post(at, chunk.length);
    module._free(at);
  };
  process.stdin.on('data', post);
  process.stdin.on('end', () => module._chuhan_close());
});
