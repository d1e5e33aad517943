// The opening explorer: the moves a book holds for the position shown, each with its share of the
// book's weight there and the engine's evaluation, a click playing it. Books in ElephantEye's
// format (docs/book.md) are read here as probe/book.c reads them: 8-byte records (lock, move,
// weight), sorted by lock, the lock computed from ElephantEye's keys (probe/book_keys.c), the
// mirror looked up when the position itself is not there. Chuhan's own book is web/chuhan.book
// (make web copies it); a file the reader opens stays in the page. Uses app.js's game and engine
// link, and board.js's moves on the board.
'use strict';

const explorer = { book: null, moves: [], scores: {}, token: 0, said: null };

// ElephantEye's lock1 words, indexed [kind][Chuhan's square], and the side to move's: an RC4
// keystream from four zero key bytes, in threes (key, lock0, lock1), the side's first, then each
// kind's (red general .. pawn, then black's) for its 256 points, ElephantEye's point ee being Chuhan's ee ^ 0xF0.
const BOOK_KEYS = (() => {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  let x = 0, y = 0;
  const byte = () => {
    x = (x + 1) & 255;
    y = (y + s[x]) & 255;
    [s[x], s[y]] = [s[y], s[x]];
    return s[(s[x] + s[y]) & 255];
  };
  const word = () => (byte() | (byte() << 8) | (byte() << 16) | (byte() << 24)) >>> 0;
  word(); word();
  const side = word();
  const kinds = [];
  for (let kind = 0; kind < 14; kind++) {
    const lock = new Uint32Array(256);
    for (let ee = 0; ee < 256; ee++) {
      word(); word();
      lock[ee ^ 0xF0] = word();
    }
    kinds.push(lock);
  }
  return { side, kinds };
})();

const bookSquare = (file, rank) => ((rank + 3) << 4) | (file + 3);
const mirrorSquare = (sq) => (sq & 0xF0) | (14 - (sq & 15));
const squareName = (sq) => 'abcdefghi'[(sq & 15) - 3] + ((sq >> 4) - 3);

// A book file's bytes as records; a pageError when they are none.
function readBook(bytes) {
  const n = bytes.length / 8;
  if (!n || !Number.isInteger(n)) throw pageError('explorer.not.book');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const book = { locks: new Uint32Array(n), codes: new Uint16Array(n), weights: new Uint16Array(n) };
  for (let i = 0; i < n; i++) {
    book.locks[i] = view.getUint32(8 * i, true);
    book.codes[i] = view.getUint16(8 * i + 4, true);
    book.weights[i] = view.getUint16(8 * i + 6, true);
    if (i && book.locks[i] < book.locks[i - 1]) throw pageError('explorer.not.book');
  }
  return book;
}

function positionLock(fen, mirrored) {
  let lock = fen.split(' ')[1] === 'b' ? BOOK_KEYS.side : 0;
  for (const man of menOf(fen)) {
    const red = man.kind === man.kind.toUpperCase();
    const kind = 'KABNRCP'.indexOf(man.kind.toUpperCase()) + (red ? 0 : 7);
    const sq = bookSquare(man.file, man.rank);
    lock ^= BOOK_KEYS.kinds[kind][mirrored ? mirrorSquare(sq) : sq];
  }
  return lock >>> 0;
}

// The records of a lock: [{move (ICCS), weight}].
function recordsOf(book, lock, mirrored) {
  let lo = 0, hi = book.locks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (book.locks[mid] < lock) lo = mid + 1; else hi = mid;
  }
  const found = [];
  for (let i = lo; i < book.locks.length && book.locks[i] === lock; i++) {
    const m = book.codes[i] ^ 0xF0F0;
    let from = m & 255, to = m >> 8;
    if (mirrored) [from, to] = [mirrorSquare(from), mirrorSquare(to)];
    found.push({ move: squareName(from) + squareName(to), weight: book.weights[i] });
  }
  return found;
}

// The book's legal moves in a position, the heaviest first, each with its share of their weight.
function bookMoves(book, fen, legal) {
  let found = recordsOf(book, positionLock(fen, false), false);
  if (!found.length) found = recordsOf(book, positionLock(fen, true), true);
  found = found.filter((r) => legal.includes(r.move)).sort((a, b) => b.weight - a.weight);
  const total = found.reduce((sum, r) => sum + r.weight, 0);
  return found.map((r) => ({ ...r, share: total ? r.weight / total : 0 }));
}

async function useBook(bytes, name) {
  try {
    explorer.book = readBook(bytes);
    explorer.said = null;
  } catch (e) {
    explorer.book = null;
    explorer.said = { key: e.key || 'explorer.not.book', values: { name } };
  }
  explore();
}

async function chooseBook() {
  const value = $('explorer-book').value;
  if (value === 'chuhan') {
    const answer = await fetch('chuhan.book');
    return useBook(new Uint8Array(await answer.arrayBuffer()), value);
  }
  return useBook(explorer.files[value], value);
}

// Lists the book's moves at the position shown, then asks the engine to weigh each.
async function explore() {
  const mine = ++explorer.token;
  explorer.moves = [];
  explorer.scores = {};
  const on = $('explorer').checked && explorer.book && game.position;
  if (on) {
    explorer.moves = bookMoves(explorer.book, game.position.fen, game.position.legal);
    const before = game.moves.slice(0, game.ply).map((m) => m.iccs);
    for (const m of explorer.moves) m.name = (await namesOf(game.startFen, before, m.move))[notation()];
  }
  if (mine !== explorer.token) return;
  showExplorer();
  // The engine weighs them only on the player's turn, with nothing else for it to search.
  if (!on || !explorer.moves.length || link.searching || !humanMoves(sideToMove()) || $('analysis').checked || reviewed.running) return;
  const red = sideToMove() === 'red', moves = explorer.moves.map((m) => m.move);
  await link.ask({ ...FULL_STRENGTH, Threads: threads(), MultiPV: moves.length, Notation: 'iccs' },
    [positionLine(), `go depth ${EXPLORER_DEPTH} searchmoves ${moves.join(' ')}`], isBest, (line) => {
      const pv = line.match(/ pv (\S+)/), score = line.match(/ score (cp|mate) (-?\d+)/);
      if (mine !== explorer.token || !line.startsWith('info depth') || !pv || !score || / (upper|lower)bound/.test(line)) return;
      explorer.scores[pv[1]] = evalText({ kind: score[1], value: Number(score[2]) }, red);
      showExplorer();
    });
}
const EXPLORER_DEPTH = 10;

function showExplorer() {
  const body = $('book-moves').tBodies[0];
  body.innerHTML = '';
  $('book-moves').tHead.rows[0].hidden = !explorer.moves.length;
  for (const m of explorer.moves) {
    const row = body.insertRow();
    const button = document.createElement('button');
    button.textContent = m.name || m.move;
    button.dataset.move = m.move;
    button.onclick = () => playBookMove(m.move);
    row.insertCell().appendChild(button);
    row.insertCell().textContent = `${(100 * m.share).toFixed(1)}%`;
    row.insertCell().textContent = explorer.scores[m.move] || '…';
  }
  const said = explorer.said || ($('explorer').checked && explorer.book && !explorer.moves.length ? { key: 'explorer.none', values: {} } : null);
  $('explorer-said').textContent = said ? t(said.key, said.values) : '';
}

function playBookMove(move) {
  if (gameOver() || game.thinking || !humanMoves(sideToMove())) return refuse(t('status.not.yours'));
  tryMove(move);
}

explorer.files = {};
$('explorer').onchange = () => (explorer.book ? explore() : chooseBook());
$('explorer-book').onchange = chooseBook;
$('book-file').onchange = async (event) => {
  const file = event.target.files[0];
  event.target.value = '';
  if (!file) return;
  explorer.files[file.name] = new Uint8Array(await file.arrayBuffer());
  if (![...$('explorer-book').options].some((o) => o.value === file.name)) $('explorer-book').add(new Option(file.name, file.name));
  $('explorer-book').value = file.name;
  $('explorer').checked = true;
  chooseBook();
};
languageListeners.push(showExplorer);
