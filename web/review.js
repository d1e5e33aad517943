// Game review in the page, as `chuhan review` does it (docs/review.md): the game read by the
// engine's own PGN reader (its `pgn` command: Chinese, WXF or ICCS moves, UTF-8 or GB18030),
// every position searched with a fixed budget on one thread, and each move judged by how far
// it lowers its player's expected score (win + draw / 2, the `wdl` of UCI_ShowWDL) against the
// engine's best move, the game's move searched alone from the same position to the depth the
// first search completed. Uses the page's engine link and game (app.js) and its board's drawing (board.js).
'use strict';

// review/review.h: REVIEW_BLUNDER, REVIEW_MISTAKE, REVIEW_INACCURACY.
const MARKS = [
  { name: 'blunder', glyph: '??', loss: 0.20 },
  { name: 'mistake', glyph: '?', loss: 0.12 },
  { name: 'inaccuracy', glyph: '?!', loss: 0.06 },
];
const LINE_MAX = 1 << 20; // the longest line the engine reads (protocol/io.h)

const markOf = (loss) => MARKS.find((m) => loss >= m.loss) || null;

// `pgn TEXT` with the file's bytes %XX-encoded but for letters, digits and a few signs: one line, any encoding.
function pgnCommand(bytes) {
  let text = 'pgn ';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    text += /[A-Za-z0-9.\-_~!*'()]/.test(c) ? c : '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return text;
}

// The engine's answer to `pgn`: [{tags, fen, notation, moves (ICCS), error}], and its own error if it read nothing.
function parseGames(lines) {
  const games = [];
  let refused = '';
  for (const line of lines) {
    const at = line.indexOf(' '), key = at < 0 ? line : line.slice(0, at), value = at < 0 ? '' : line.slice(at + 1);
    const g = games[games.length - 1];
    if (key === 'Game:') games.push({ tags: {}, fen: '', notation: 'iccs', moves: [], error: '' });
    else if (key === 'info' && value.startsWith('string error: ')) refused = value.slice(14);
    else if (!g) continue;
    else if (key === 'Tag:') {
      const sp = value.indexOf(' ');
      g.tags[sp < 0 ? value : value.slice(0, sp)] = sp < 0 ? '' : value.slice(sp + 1);
    } else if (key === 'Fen:') g.fen = value;
    else if (key === 'Notation:') g.notation = value;
    else if (key === 'Moves:') g.moves = value.split(' ').filter(Boolean);
    else if (key === 'Error:') g.error = value;
  }
  return { games, refused };
}

// An Error whose words the page puts into the reader's language: a catalogue key and its values.
function pageError(key, values = {}) {
  return Object.assign(new Error(key), { key, values });
}

// Reads the games of a file's bytes with the engine; throws a pageError the page shows.
async function readGames(bytes) {
  const command = pgnCommand(bytes);
  if (command.length > LINE_MAX - 1) throw pageError('review.too.long', { kb: Math.round(bytes.length / 1024) });
  const { games, refused } = parseGames(await link.ask({}, [command], (line) => line.startsWith('Games:')));
  if (refused) throw pageError('review.not.file', { why: refused });
  if (!games.length) throw pageError('review.no.game');
  return games;
}

// What a search said: its last complete line (score, wdl, depth, pv) and bestmove; null score when no move was legal.
function searchSummary(lines) {
  let last = null;
  for (const line of lines) {
    if (line.startsWith('info depth') && line.includes(' pv ') && / multipv 1 /.test(line) && !/bound /.test(line)) last = line;
  }
  const best = (lines.find((l) => l.startsWith('bestmove')) || '').split(' ')[1];
  if (!last || !best || best === '(none)') return { best: null };
  const score = last.match(/ score (cp|mate) (-?\d+)/), wdl = last.match(/ wdl (\d+) (\d+) (\d+)/).slice(1).map(Number);
  return {
    best,
    depth: Number(last.match(/ depth (\d+)/)[1]),
    score: { kind: score[1], value: Number(score[2]) },
    expected: (wdl[0] + wdl[1] / 2) / 1000,
    pv: last.slice(last.indexOf(' pv ') + 4).split(' '),
  };
}

// A score of the side to move as [%eval] writes it, red's view: "+0.31", "-1.20", "#3", "#-2".
function evalText(score, red) {
  const v = red ? score.value : -score.value;
  if (score.kind === 'mate') return `#${v}`;
  return (v > 0 ? '+' : '') + (v / 100).toFixed(2);
}

const reviewOptions = () => ({ Threads: 1, MultiPV: 1, UCI_LimitStrength: false, Randomness: 0, UCI_ShowWDL: true, Notation: 'iccs', BookFile: '' });

// The move's names in each notation, as the engine writes them after `moves` from the start.
async function namesOf(startFen, moves, move) {
  let results = 0;
  const lines = await link.ask({}, [`position fen ${startFen} moves ${[...moves, move].join(' ')}`,
    'setoption name Notation value chinese', 'd', 'setoption name Notation value wxf', 'd'], (l) => l.startsWith('Result:') && ++results === 2);
  const names = lines.filter((l) => l.startsWith('Moves:')).map((l) => l.split(' ').pop());
  return { iccs: move, chinese: names[0], wxf: names[1] };
}

// One position: the engine's best (its score, red's expected score, its line) and the game's move judged against it.
async function reviewPosition(startFen, moves, i, nodes) {
  const red = redToMoveAt(startFen, i);
  const position = `position fen ${startFen}${i ? ' moves ' + moves.slice(0, i).join(' ') : ''}`;
  const found = searchSummary(await link.ask(reviewOptions(), [position, `go nodes ${nodes}`], isBest));
  if (!found.best) return { final: true, red };
  const pos = { red, best: found.best, depth: found.depth, score: found.score, expected: found.expected, pv: found.pv };
  pos.bestNames = await namesOf(startFen, moves.slice(0, i), found.best);
  const played = moves[i];
  if (played === undefined) return pos;
  pos.played = played === found.best ? { score: found.score, expected: found.expected }
    : searchSummary(await link.ask(reviewOptions(), [position, `go depth ${Math.max(1, found.depth)} searchmoves ${played}`], isBest));
  // A move searched alone may score above the best move's search: that is noise, not a gain.
  pos.loss = Math.max(0, pos.expected - pos.played.expected);
  pos.mark = markOf(pos.loss);
  return pos;
}

const redToMoveAt = (startFen, ply) => ((startFen.split(' ')[1] === 'b') + ply) % 2 === 0;

// Red's expected score after each point of the graph: the start position's best, then each move's own.
function redCurve(positions) {
  const red = (p, e) => (p.red ? e : 1 - e);
  const curve = [];
  positions.forEach((p, i) => {
    if (i === 0 && !p.final) curve.push(red(p, p.expected));
    if (p.played) curve.push(red(p, p.played.expected));
  });
  return curve;
}

// Each side's moves, average loss and marks.
function sideSummary(positions) {
  const sides = { red: { moves: 0, loss: 0, marks: {} }, black: { moves: 0, loss: 0, marks: {} } };
  for (const p of positions) {
    if (!p.played) continue;
    const s = sides[p.red ? 'red' : 'black'];
    s.moves++;
    s.loss += p.loss;
    if (p.mark) s.marks[p.mark.name] = (s.marks[p.mark.name] || 0) + 1;
  }
  const count = (m, n) => t(n === 1 ? `review.count.${m}.one` : `review.count.${m}`, { n });
  return Object.entries(sides).map(([side, s]) => t('review.summary', {
    side: sideName(side), moves: s.moves, loss: s.moves ? (100 * s.loss / s.moves).toFixed(1) : '0.0',
    inaccuracies: count('inaccuracy', s.marks.inaccuracy || 0), mistakes: count('mistake', s.marks.mistake || 0),
    blunders: count('blunder', s.marks.blunder || 0) }));
}

// ---- The graph: red's expected score over the game, the marks as dots; a click goes to that move ----

const GRAPH_W = 600, GRAPH_H = 110, GRAPH_PAD = 6;

function drawGraph(root, curve, positions, ply, total) {
  root.innerHTML = '';
  const n = Math.max(total, 1), w = GRAPH_W - 2 * GRAPH_PAD, h = GRAPH_H - 2 * GRAPH_PAD;
  const x = (k) => GRAPH_PAD + (k * w) / n, y = (e) => GRAPH_PAD + (1 - e) * h;
  svg('rect', { class: 'graph-black', x: GRAPH_PAD, y: GRAPH_PAD, width: w, height: h }, root);
  if (curve.length) {
    const points = curve.map((e, k) => `${x(k).toFixed(1)},${y(e).toFixed(1)}`);
    const last = x(curve.length - 1).toFixed(1), bottom = y(0);
    svg('polygon', { class: 'graph-red', points: `${x(0)},${bottom} ${points.join(' ')} ${last},${bottom}` }, root);
    svg('polyline', { class: 'graph-line', points: points.join(' ') }, root);
  }
  svg('line', { class: 'graph-mid', x1: GRAPH_PAD, x2: GRAPH_PAD + w, y1: y(0.5), y2: y(0.5) }, root);
  svg('line', { class: 'graph-now', x1: x(ply), x2: x(ply), y1: GRAPH_PAD, y2: GRAPH_PAD + h }, root);
  positions.forEach((p, i) => {
    if (!p.mark || curve[i + 1] === undefined) return;
    const dot = svg('circle', { class: `graph-dot ${p.mark.name}`, cx: x(i + 1), cy: y(curve[i + 1]), r: 4.5 }, root);
    svg('title', {}, dot).textContent = `${moveLabel(i)}: ${t(`mark.${p.mark.name}`)} (-${Math.round(100 * p.loss)}%)`;
  });
}

// The ply a click on the graph points at: the nearest point, from 0 (the start) to total.
function graphPly(root, event, total) {
  const box = root.getBoundingClientRect();
  const vx = ((event.clientX - box.left) * GRAPH_W) / box.width;
  return Math.min(total, Math.max(0, Math.round(((vx - GRAPH_PAD) * Math.max(total, 1)) / (GRAPH_W - 2 * GRAPH_PAD))));
}
