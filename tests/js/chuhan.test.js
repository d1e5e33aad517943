// The interface of chuhan.js under node (node --test): Chuhan() and its engine as web GUIs use
// them. CHUHAN_JS names the chuhan.js under test (tools/ports/npm-check: the installed package).
'use strict';
const assert = require('node:assert/strict');
const path = require('node:path');
const { after, test } = require('node:test');

const where = process.env.CHUHAN_JS || path.join(__dirname, '..', '..', 'build', 'emscripten', 'chuhan.js');
const Chuhan = require(where);

// An engine with a record of its lines; next(pattern) waits for the first line after the last one taken that matches.
const started = [];
async function start(options) {
  const engine = await Chuhan(options);
  started.push(engine);
  const lines = [];
  let taken = 0, waiter = null;
  engine.addMessageListener((line) => { lines.push(line); if (waiter) waiter(); });
  engine.next = (pattern, ms = 20000) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line like ${pattern} in ${ms} ms; got ${JSON.stringify(lines.slice(taken))}`)), ms);
    const look = () => {
      for (; taken < lines.length; taken++) {
        if (pattern.test(lines[taken])) { clearTimeout(timer); waiter = null; resolve(lines[taken++]); return; }
      }
      waiter = look;
    };
    look();
  });
  engine.lines = lines;
  return engine;
}

// A test that failed half-way leaves its engines to this, or their threads would keep node running.
after(() => started.forEach((engine) => { try { engine.terminate(); } catch { /* ended already */ } }));

test('require gives Chuhan, whose default is itself (the ES default export)', () => {
  assert.equal(typeof Chuhan, 'function');
  assert.equal(Chuhan.name, 'Chuhan');
  assert.equal(Chuhan.default, Chuhan);
});

test('import gives the same function as its default export', async () => {
  const imported = await import(require('node:url').pathToFileURL(where).href);
  assert.equal(imported.default, Chuhan);
});

test('Chuhan() returns a promise of an engine with the five methods', async () => {
  const pending = Chuhan();
  assert.ok(pending instanceof Promise);
  const engine = await pending;
  for (const name of ['postMessage', 'addMessageListener', 'removeMessageListener', 'writeFile', 'terminate'])
    assert.equal(typeof engine[name], 'function', name);
  engine.terminate();
});

test('node\'s own command line is not the engine\'s: the protocol loop starts whatever it holds', async () => {
  const argv = process.argv;
  process.argv = [...argv.slice(0, 2), 'bench', '5'];
  try {
    const engine = await start();
    engine.postMessage('isready');
    assert.equal(await engine.next(/./), 'readyok');
    engine.terminate();
  } finally {
    process.argv = argv;
  }
});

test('uci is answered with the options and uciok, through the listener', async () => {
  const engine = await start();
  engine.postMessage('uci');
  await engine.next(/^uciok$/);
  assert.ok(engine.lines.includes('option name Threads type spin default 1 min 1 max 256'));
  engine.terminate();
});

test('stop ends go infinite at once with a legal bestmove, on two threads, the engine kept for the next search', async () => {
  const engine = await start();
  engine.postMessage('setoption name Threads value 2');
  engine.postMessage('position startpos');
  engine.postMessage('go infinite');
  // Depth 6 or more: a helper skips depths already searched, and once it reports depth 7 depth 6 is not reported.
  await engine.next(/^info depth ([6-9]|[1-9]\d) /);
  const asked = Date.now();
  engine.postMessage('stop');
  const best = await engine.next(/^bestmove /);
  assert.match(best, /^bestmove [a-i]\d[a-i]\d/);
  assert.ok(Date.now() - asked < 1000, `stop answered after ${Date.now() - asked} ms`);
  assert.ok(!engine.lines.some((l) => l.includes('error')), engine.lines.find((l) => l.includes('error')));
  engine.postMessage('position startpos moves h2e2');
  engine.postMessage('go depth 4');
  assert.match(await engine.next(/^bestmove /), /^bestmove [a-i]\d[a-i]\d/);
  engine.terminate();
});

test('isready is answered while the engine searches', async () => {
  const engine = await start();
  engine.postMessage('go infinite');
  await engine.next(/^info depth 3 /);
  engine.postMessage('isready');
  await engine.next(/^readyok$/);
  engine.postMessage('stop');
  await engine.next(/^bestmove /);
  engine.terminate();
});

test('ponderhit turns a ponder search into the move\'s own', async () => {
  const engine = await start();
  engine.postMessage('setoption name Ponder value true');
  engine.postMessage('position startpos moves h2e2 h9g7');
  engine.postMessage('go ponder wtime 60000 btime 60000');
  await engine.next(/^info depth 4 /);
  engine.postMessage('ponderhit');
  assert.match(await engine.next(/^bestmove /), /^bestmove [a-i]\d[a-i]\d/);
  engine.terminate();
});

test('the hash table is kept between searches: the same search again takes fewer nodes', async () => {
  const engine = await start();
  const nodes = async () => {
    engine.postMessage('go depth 9');
    const last = await engine.next(/^info depth 9 .* pv /);
    await engine.next(/^bestmove /);
    return Number(last.match(/ nodes (\d+)/)[1]);
  };
  engine.postMessage('position startpos moves h2e2');
  const first = await nodes();
  const again = await nodes();
  // One thread: a cleared table would search the same tree again, node for node.
  assert.ok(again < first * 0.8, `${first} nodes, then ${again}`);
  engine.terminate();
});

test('refused lines get the dialect\'s error line, never an exception', async () => {
  const engine = await start();
  engine.postMessage('bogus');
  assert.equal(await engine.next(/error/), "info string error: unknown command 'bogus'");
  engine.postMessage('position fen not-a-fen');
  assert.match(await engine.next(/error/), /^info string error: /);
  engine.postMessage('a\0b');
  assert.equal(await engine.next(/error/), 'info string error: line with a NUL byte ignored');
  engine.postMessage(42);
  assert.equal(await engine.next(/error/), "info string error: unknown command '42'");
  engine.postMessage('xboard');
  engine.postMessage('bogus');
  assert.equal(await engine.next(/^Error/), 'Error (unknown command): bogus');
  engine.postMessage('ucci');
  await engine.next(/^ucciok$/);
  engine.postMessage('bogus');
  assert.equal(await engine.next(/error/), "info string error: unknown command 'bogus'");
  engine.terminate();
});

test('a removed listener hears nothing more', async () => {
  const engine = await start();
  const heard = [];
  const fn = (line) => heard.push(line);
  engine.addMessageListener(fn);
  engine.postMessage('isready');
  await engine.next(/^readyok$/);
  engine.removeMessageListener(fn);
  engine.postMessage('isready');
  await engine.next(/^readyok$/);
  assert.deepEqual(heard, ['readyok']);
  engine.terminate();
});

test('every call after terminate() throws an Error that says so', async () => {
  const engine = await Chuhan();
  engine.terminate();
  assert.throws(() => engine.postMessage('uci'), /^Error: Chuhan: postMessage\(\) after the end: terminate\(\) was called/);
  assert.throws(() => engine.addMessageListener(() => {}), /addMessageListener\(\) after the end/);
  assert.throws(() => engine.terminate(), /terminate\(\) after the end/);
});

test('after quit, postMessage says the engine has quit', async () => {
  const engine = await start();
  engine.postMessage('quit');
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.throws(() => engine.postMessage('uci'), /the engine has quit/);
  engine.terminate();
});

// The tables of KRk, built by the native engine beside the tests when it is there.
const native = path.join(__dirname, '..', '..', 'chuhan');
const hasNative = require('node:fs').existsSync(native);

test('writeFile hands the engine endgame tables: d says what they hold, and the engine plays their move', { skip: !hasNative && 'no ./chuhan to build the tables' }, async () => {
  const fs = require('node:fs'), os = require('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chuhan-egtb-'));
  require('node:child_process').execFileSync(native, ['egtb', 'build', dir, 'KRk', '--rules', 'asian'], { stdio: 'ignore' });
  const engine = await start();
  assert.throws(() => engine.writeFile('tables/KRk.asian.egtb', new Uint8Array(1)), /absolute path/);
  for (const name of fs.readdirSync(dir)) engine.writeFile(`/egtb/${name}`, fs.readFileSync(path.join(dir, name)));
  fs.rmSync(dir, { recursive: true });
  engine.postMessage('setoption name EGTBPath value /egtb');
  engine.postMessage('position fen 4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1');
  engine.postMessage('d');
  assert.equal(await engine.next(/^Tables:/), 'Tables: win 2');
  engine.postMessage('go depth 1');
  assert.match(await engine.next(/^bestmove /), /^bestmove (i0i8|i0e0)/); // the moves that mate in 2, as egtb probe lists them
  engine.terminate();
});

test('Chuhan({ tables }) reads a folder\'s tables as positions need them: d and info say the verdict, the move is the tables\'', { skip: !hasNative && 'no ./chuhan to build the tables' }, async () => {
  const fs = require('node:fs'), os = require('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chuhan-egtb-'));
  try {
    require('node:child_process').execFileSync(native, ['egtb', 'build', dir, 'KRk', '--rules', 'asian'], { stdio: 'ignore' });
    await assert.rejects(Chuhan({ tables: path.join(dir, 'none') }), /tables: no folder/);
    const engine = await start({ tables: dir });
    engine.postMessage('uci');
    engine.postMessage('position fen 4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1');
    engine.postMessage('d');
    assert.equal(await engine.next(/^Tables:/), 'Tables: win 2');
    engine.postMessage('go depth 1');
    assert.match(await engine.next(/ score /), / score mate 2 .* pv (i0i8|i0e0)/);
    assert.match(await engine.next(/^bestmove /), /^bestmove (i0i8|i0e0)/); // the moves that mate in 2, as egtb probe lists them
    fs.truncateSync(path.join(dir, 'KRk.asian.egtb'), 700); // a table cut short: refused, said, the search goes on without it
    const cut = await start({ tables: dir });
    cut.postMessage('position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1');
    cut.postMessage('go depth 3');
    assert.match(await cut.next(/^info string error/), /endgame table refused: file:.*KRk\.asian\.egtb: truncated/);
    assert.match(await cut.next(/^bestmove /), /^bestmove e1d1/);
    engine.terminate();
    cut.terminate();
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

test('two engines run side by side, each with its own position', async () => {
  const [a, b] = await Promise.all([start(), start()]);
  try {
    a.postMessage('position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1'); // Rd1 mates
    b.postMessage('position startpos');
    a.postMessage('go depth 3');
    b.postMessage('go depth 3');
    const [bestA, bestB] = await Promise.all([a.next(/^bestmove /), b.next(/^bestmove /)]);
    assert.match(bestA, /^bestmove e1d1/);
    assert.doesNotMatch(bestB, /^bestmove e1d1/);
  } finally {
    a.terminate();
    b.terminate();
  }
});
