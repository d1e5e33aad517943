// The page: a game against Chuhan, or an analysis board. The engine answers
// everything about the rules (legal moves, move names, the result) as well as
// the moves it plays: one engine (chuhan.js, threads in workers) for the page's life.
'use strict';

const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const $ = (id) => document.getElementById(id);

// The page's one engine (chuhan.js), for the page's life. Questions go to it one at a
// time: each sends its lines and collects the answer up to the line that ends it (the
// `Result:` of a `d`, the `bestmove` of a `go`, the `readyok` of an `isready`). A search
// the page no longer wants is stopped, never killed: its bestmove still ends its question.
class EngineLink {
  constructor(engine) {
    this.engine = engine;
    this.queue = Promise.resolve();
    this.current = null;  // the question being answered
    this.sent = new Map(); // option -> the value last set, so only changes are sent
    engine.addMessageListener((line) => this.hear(line));
  }
  hear(line) {
    const q = this.current;
    if (!q) return;
    q.lines.push(line);
    if (q.onLine) q.onLine(line);
    if (q.until(line)) {
      this.current = null;
      q.resolve(q.lines);
    }
  }
  // Options as {name: value}; sends those whose value changed.
  optionLines(options) {
    const lines = [];
    for (const [name, value] of Object.entries(options)) {
      if (this.sent.get(name) === String(value)) continue;
      this.sent.set(name, String(value));
      lines.push(`setoption name ${name} value ${value}`);
    }
    return lines;
  }
  // Asks in turn: sends lines (options first), resolves with every line up to the one `until` accepts.
  ask(options, lines, until, onLine) {
    const run = () => new Promise((resolve) => {
      const go = lines.find((l) => l.startsWith('go'));
      // A search with a fixed budget (the review's) ends by itself: stopping it would cut its answer short.
      this.current = { lines: [], until, onLine, resolve, searching: Boolean(go), fixed: /^go (nodes|depth) /.test(go || '') };
      for (const line of [...this.optionLines(options), ...lines]) {
        const set = line.match(/^setoption name (.+) value (.*)$/);
        if (set) this.sent.set(set[1], set[2]);
        this.engine.postMessage(line);
      }
    });
    this.queue = this.queue.then(run);
    return this.queue;
  }
  // Ends the search being answered, if any (its bestmove ends its question).
  stop() {
    if (this.current && this.current.searching && !this.current.fixed && !this.current.stopped) {
      this.current.stopped = true;
      this.engine.postMessage('stop');
    }
  }
  get searching() { return Boolean(this.current && this.current.searching); }
}

const isBest = (line) => line.startsWith('bestmove');
const isResult = (line) => line.startsWith('Result:');
let link = null; // the engine, once it has started

const game = {
  startFen: START_FEN,
  moves: [],        // {iccs, chinese, wxf}, including those taken back beyond `ply`
  ply: 0,
  position: null,   // what the engine says of the position at `ply`
  picked: null,     // the point of the man the player picked up
  thinking: false,
  flipped: false,
  analysis: [],     // lines by multipv
};
let generation = 0; // bumps on every change of position: late answers are dropped

const setting = (id) => $(id).value;
const notation = () => document.querySelector('input[name=notation]:checked').value;
const movesText = (upTo = game.ply) => game.moves.slice(0, upTo).map((m) => m.iccs).join(' ');
const positionLine = (upTo = game.ply) => `position fen ${game.startFen}${upTo ? ' moves ' + movesText(upTo) : ''}`;

function say(text) { $('status').textContent = text; }
const sideName = (side) => t(side === 'red' ? 'side.red' : 'side.black');

// ---- What the engine says of a position ----

function parseDisplay(lines) {
  const pick = (key) => {
    const line = lines.find((l) => l.startsWith(key));
    return line === undefined ? null : line.slice(key.length).trim();
  };
  return {
    fen: pick('Fen:'),
    legal: (pick('Legal:') || '').split(' ').filter(Boolean),
    result: pick('Result:') || '*',
    checkers: (pick('Checkers:') || '').split(' ').filter(Boolean),
    names: (pick('Moves:') || '').split(' ').filter(Boolean),
    tables: pick('Tables:'), // what the endgame tables hold of it (web/practice.js), else null
    error: (lines.find((l) => l.startsWith('info string error')) || '').replace('info string error: ', ''),
  };
}

// The position after `ply` moves, with the names of every move of the game (those after `ply` too) in both notations.
async function describe(ply) {
  let results = 0;
  const lines = await link.ask({}, [positionLine(game.moves.length), 'setoption name Notation value chinese', 'd',
    'setoption name Notation value wxf', 'd', positionLine(ply), 'd'], (line) => isResult(line) && ++results === 3);
  const blocks = [[]]; // one a `d`, each ending with its Result line
  for (const line of lines) {
    blocks[blocks.length - 1].push(line);
    if (line.startsWith('Result:')) blocks.push([]);
  }
  const chinese = parseDisplay(blocks[0]), wxf = parseDisplay(blocks[1] || []), here = parseDisplay(blocks[2] || []);
  return { ...here, names: chinese.names, wxfNames: wxf.names };
}

function resultText(result) {
  const [score, ...why] = result.split(' ');
  const reason = why.join(' ');
  if (score === '1/2-1/2') {
    return t({ 'repetition': 'result.repetition', 'natural limit': 'result.natural', 'no mating material': 'result.dead' }[reason] || 'result.draw');
  }
  const winner = sideName(score === '1-0' ? 'red' : 'black'), loser = { side: sideName(score === '1-0' ? 'black' : 'red') };
  const how = { 'mate': 'result.mate', 'stalemate': 'result.stalemate', 'perpetual check': 'result.perpetual.check',
    'perpetual chase': 'result.perpetual.chase' }[reason];
  return t('result.wins', { side: winner, how: how ? t(how, loser) : reason });
}

const sideToMove = () => (game.position && game.position.fen.split(' ')[1] === 'b' ? 'black' : 'red');
const humanMoves = (side) => $('analysis').checked || setting('side') === 'both' || setting('side') === side;
const gameOver = () => game.position && game.position.result !== '*';

// ---- The flow of a game ----

async function refresh() {
  const mine = ++generation;
  game.picked = null;
  game.analysis = [];
  link.stop(); // a search of the position left behind answers at once, and is dropped
  game.thinking = false;
  const pos = await describe(game.ply);
  if (mine !== generation) return;
  game.position = pos;
  pos.names.forEach((name, i) => { game.moves[i].chinese = name; game.moves[i].wxf = pos.wxfNames[i] || name; });
  draw();
  showMoves();
  showReview();
  explore();
  showPractice();
  $('fen').value = pos.fen;
  if (gameOver()) {
    say(resultText(pos.result));
  } else if ($('analysis').checked) {
    analyse(mine);
  } else if (!humanMoves(sideToMove())) {
    engineMove(mine);
  } else {
    const verdict = pos.tables ? ' ' + t('practice.tables', { verdict: verdictText(tableVerdict(pos.tables, pos.fen.split(' ')[1])) }) : '';
    say(t(pos.checkers.length ? 'status.check' : 'status.to.move', { side: sideName(sideToMove()) }) + verdict);
  }
}

function play(iccs) {
  if (game.moves[game.ply] && game.moves[game.ply].iccs !== iccs) forgetReview(game.ply);
  game.moves.length = game.ply; // a new move forgets the moves taken back
  game.moves.push({ iccs, chinese: iccs, wxf: iccs });
  game.ply++;
  refresh();
}

const threads = () => Number(setting('threads'));
const FULL_STRENGTH = { UCI_LimitStrength: false, Randomness: 0, BookFile: '' }; // hints and analysis search

// A level plays on one thread, as the ladder measured it; full strength on the page's threads.
// The engine's own moves may come from the book Chuhan carries, at any level.
function strength() {
  const elo = Number(setting('level'));
  const book = { BookFile: $('book').checked ? 'chuhan' : '' };
  return elo ? { ...book, Threads: 1, UCI_LimitStrength: true, UCI_Elo: elo, Randomness: 0 }
    : { ...book, Threads: threads(), UCI_LimitStrength: false, Randomness: 15 }; // varied among near-equal moves
}

async function engineMove(mine) {
  game.thinking = true;
  say(t('status.thinking'));
  const { options, go } = practiceOn() ? practiceSearch() : { options: strength(), go: `go movetime ${setting('movetime')}` };
  const lines = await link.ask({ ...options, MultiPV: 1 }, [positionLine(), go], isBest);
  if (mine !== generation) return;
  game.thinking = false;
  const best = lines.find(isBest);
  const move = best && best.split(' ')[1];
  if (move && game.position.legal.includes(move)) play(move);
  else say(t('status.no.move'));
}

// Three best lines, named in the page's notation, deepening until the position changes or analysis is turned off.
async function analyse(mine) {
  say(t('status.analysing'));
  const side = t(`word.${sideToMove()}`); // "red", lower case: "Red to move" is what the page says once the analysis stops
  await link.ask({ ...FULL_STRENGTH, Threads: threads(), MultiPV: 3, Notation: notation() }, [positionLine(), 'go infinite'],
    isBest, (line) => {
      if (mine !== generation || !line.startsWith('info depth') || !line.includes(' pv ')) return;
      const field = (key) => { const m = line.match(new RegExp(` ${key} (\\S+)`)); return m && m[1]; };
      const score = line.match(/ score (cp|mate) (-?\d+)/);
      const k = Number(field('multipv') || 1);
      let value = score[1] === 'cp' ? (Number(score[2]) / 100).toFixed(2) : `mate ${score[2]}`;
      if (score[1] === 'cp' && Number(score[2]) > 0) value = '+' + value;
      game.analysis[k - 1] = { depth: field('depth'), value, pv: line.slice(line.indexOf(' pv ') + 4) };
      showAnalysis();
      const knps = Math.round(Number(field('nps')) / 1000);
      if (k === 1) say(t(threads() > 1 ? 'status.analysis' : 'status.analysis.one', { side, depth: field('depth'), knps, threads: threads() }));
    });
}

function showAnalysis() {
  const body = $('lines').tBodies[0];
  body.innerHTML = '';
  for (const line of game.analysis.filter(Boolean)) {
    const row = body.insertRow();
    row.insertCell().textContent = line.value;
    row.cells[0].className = 'score';
    row.insertCell().textContent = `d${line.depth}`;
    row.insertCell().textContent = line.pv;
  }
}

function showMoves() {
  const list = $('moves');
  list.innerHTML = '';
  const blackFirst = game.startFen.split(' ')[1] === 'b';
  const key = notation();
  let item = null;
  game.moves.forEach((m, i) => {
    if (!item || (i + blackFirst) % 2 === 0) {
      item = document.createElement('li');
      list.appendChild(item);
      if (i === 0 && blackFirst) item.appendChild(document.createTextNode('… '));
    }
    const span = document.createElement('span');
    const judged = reviewed.positions[i];
    span.textContent = m[key] + (judged && judged.mark ? judged.mark.glyph : '');
    span.className = (i === game.ply - 1 ? 'now' : '') + (judged && judged.mark ? ` mark ${judged.mark.name}` : '');
    if (judged && judged.mark) span.title = t('move.title', { mark: t(`mark.${judged.mark.name}`), n: Math.round(100 * judged.loss), best: judged.bestNames[key] });
    span.style.opacity = i < game.ply ? 1 : 0.45;
    span.onclick = () => { game.ply = i + 1; refresh(); };
    item.appendChild(span);
  });
  // The move shown in the middle of the list (the last one as a game is played), the page itself not scrolled.
  const now = list.querySelector('.now');
  list.scrollTop = now ? now.offsetTop - list.clientHeight / 2 : 0;
}

// ---- Buttons and fields ----

function newGame(fen = START_FEN) {
  if (fen !== game.startFen || game.moves.length) link.ask({}, ['ucinewgame', 'isready'], (l) => l === 'readyok');
  forgetReview(0);
  reviewed.game = null;
  game.startFen = fen;
  game.moves = [];
  game.ply = 0;
  $('pgn-text').hidden = true;
  refresh();
}

// Back to the player's previous turn (against the engine: two plies), or forward to the next.
function step(dir) {
  const against = setting('side') === 'red' || setting('side') === 'black';
  let ply = game.ply + dir;
  if (against && ply >= 0 && ply <= game.moves.length) {
    const blackFirst = game.startFen.split(' ')[1] === 'b';
    const sideAt = (p) => ((p + blackFirst) % 2 === 0 ? 'red' : 'black');
    while (ply > 0 && ply < game.moves.length && sideAt(ply) !== setting('side')) ply += dir;
  }
  if (ply < 0 || ply > game.moves.length) return say(t(dir < 0 ? 'status.nothing.back' : 'status.nothing.forward'));
  game.ply = ply;
  refresh();
}

async function setFen() {
  const fen = $('fen').value.trim();
  const lines = await link.ask({}, [`position fen ${fen}`, 'd'], isResult);
  const pos = parseDisplay(lines);
  if (pos.error) return refuse(t('status.bad.fen', { why: reasonText(pos.error) }));
  newGame(pos.fen);
}

function pgn() {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, '.');
  const side = setting('side');
  const who = (s) => (side === 'both' || side === s ? 'Player' : 'Chuhan');
  const result = gameOver() ? game.position.result.split(' ')[0] : '*';
  const tags = [['Game', 'Chinese Chess'], ['Event', 'Chuhan in the browser'], ['Date', date], ['Red', who('red')],
    ['Black', who('black')], ['Result', result]];
  if (game.startFen !== START_FEN) tags.push(['FEN', game.startFen]);
  tags.push(['Format', 'Chinese']);
  let text = tags.map(([k, v]) => `[${k} "${v}"]`).join('\n') + '\n\n';
  const blackFirst = game.startFen.split(' ')[1] === 'b';
  let number = Number(game.startFen.split(' ')[5] || 1);
  game.moves.slice(0, game.ply).forEach((m, i) => {
    const red = (i + blackFirst) % 2 === 0;
    if (red) text += `${number}. `;
    else if (i === 0) text += `${number}. ... `;
    text += m.chinese + (red ? ' ' : '\n');
    if (!red) number++;
  });
  $('pgn-text').value = text.trimEnd() + ` ${result}\n`;
  $('pgn-text').hidden = false;
}

async function hint() {
  if (gameOver() || game.thinking || link.searching || !humanMoves(sideToMove())) return;
  say(t('status.looking'));
  const mine = generation;
  const lines = await link.ask({ ...FULL_STRENGTH, Threads: threads(), MultiPV: 1, Notation: 'chinese' },
    [positionLine(), 'go movetime 1000'], isBest);
  if (mine !== generation) return;
  const info = lines.filter((l) => l.includes(' pv ')).pop();
  if (info) say(t('status.hint', { move: info.slice(info.indexOf(' pv ') + 4).split(' ')[0] }));
}

// ---- Review (web/review.js does the judging) ----

const reviewed = {
  token: 0,        // bumps when a review is dropped: its loop stops
  running: false,
  positions: [],   // by ply: the engine's best there, and the game's move judged (reviewPosition)
  game: null,      // a loaded game (its tags name the players and the event), else null
  stopsAt: '',     // where a loaded game's moves stop short of its text's, and why
  games: [],       // those of the text last read
};

// "12. 炮二平五" or "12… 马８进７": the game's move i in the page's notation.
function moveLabel(i) {
  const blackFirst = game.startFen.split(' ')[1] === 'b';
  const number = Number(game.startFen.split(' ')[5] || 1) + Math.floor((i + blackFirst) / 2);
  return `${number}${(i + blackFirst) % 2 ? '…' : '.'} ${game.moves[i] ? game.moves[i][notation()] : ''}`;
}

// Drops the review from a ply on (a move off the game was played, or a new game), stopping one under way.
function forgetReview(ply) {
  if (reviewed.running) {
    reviewed.token++;
    reviewed.running = false;
    $('analysis').disabled = false;
    reviewState('review.stopped');
  }
  if (reviewed.positions.length > ply) { // it summed up moves now gone
    reviewed.summed = false;
    showSummary();
  }
  reviewed.positions.length = Math.min(reviewed.positions.length, ply);
  if (exercise.list.some((ex) => ex.ply >= ply)) dropExercises(); // their positions or their judgements are gone
}

// What the review panel says, kept as a message and its values so that a change of language says it again.
let reviewSaid = null;
function reviewState(key, values = {}, error = false) {
  reviewSaid = { key, values, error };
  showReviewState();
}

function showReviewState() {
  if (!reviewSaid) return;
  const { key, values, error } = reviewSaid;
  const stops = values.stopsAt ? ' ' + t('review.stops.at', { why: reasonText(values.stopsAt) }) : '';
  $('review-state').textContent = (key ? t(key, { ...values, why: values.why && reasonText(values.why) }) : '') + stops;
  $('review-state').className = error ? 'error' : '';
}

function showSummary() {
  const done = reviewed.positions.length && !reviewed.running && reviewed.summed;
  $('review-summary').textContent = done ? [reviewed.game && gameTitle(reviewed.game, true), ...sideSummary(reviewed.positions)].filter(Boolean).join('\n') : '';
}

// The graph under the board and what the review says of the move that led to the position shown.
function showReview() {
  const has = reviewed.positions.length > 0;
  $('graph-area').hidden = !has;
  if (!has) return;
  drawGraph($('graph'), redCurve(reviewed.positions), reviewed.positions, game.ply, game.moves.length);
  const key = notation(), before = reviewed.positions[game.ply - 1], here = reviewed.positions[game.ply];
  let text = game.ply ? moveLabel(game.ply - 1) : t('review.start');
  if (before && before.played) {
    const loss = t('review.loss', { n: Math.round(100 * before.loss) });
    if (before.mark) text += t('review.marked', { glyph: before.mark.glyph, mark: t(`mark.${before.mark.name}`), loss, best: before.bestNames[key] });
    else text += before.best === game.moves[game.ply - 1].iccs ? t('review.engines') : t('review.unmarked', { loss });
    text += t('review.red.share', { n: Math.round(100 * (before.red ? before.played.expected : 1 - before.played.expected)),
      eval: evalText(before.played.score, before.red) });
  }
  if (here && here.best && !answerHidden()) text += t('review.best.now', { move: here.bestNames[key], eval: evalText(here.score, here.red), depth: here.depth });
  else if (here && here.final) text += t('review.over');
  $('review-note').textContent = text;
}

// Reviews the page's game from the start: each position in turn, the graph growing as it goes.
async function reviewGame() {
  const mine = ++reviewed.token;
  const moves = game.moves.map((m) => m.iccs), startFen = game.startFen, nodes = Number(setting('budget'));
  if (!moves.length) return reviewState('review.nothing', {}, true);
  reviewed.running = true;
  reviewed.summed = false;
  reviewed.positions = [];
  generation++; // a move the engine was thinking of for the game is dropped
  game.thinking = false;
  $('side').value = 'both'; // neither side is the engine's while the game is looked through
  $('analysis').checked = false;
  $('analysis').disabled = true;
  $('review-summary').textContent = '';
  link.stop();
  await link.ask({}, ['ucinewgame', 'isready'], (l) => l === 'readyok'); // each game's review its own, as chuhan review does
  const started = performance.now();
  for (let i = 0; i <= moves.length && mine === reviewed.token; i++) {
    reviewState('review.progress', { i: i + 1, n: moves.length + 1, stopsAt: reviewed.stopsAt });
    const pos = await reviewPosition(startFen, moves, i, nodes);
    if (mine !== reviewed.token) return;
    reviewed.positions[i] = pos;
    showReview();
    showMoves();
    draw();
  }
  reviewed.running = false;
  $('analysis').disabled = false;
  const seconds = (performance.now() - started) / 1000;
  reviewState('review.done', { moves: moves.length, seconds: seconds.toFixed(1), nodes: nodes.toLocaleString('en'), stopsAt: reviewed.stopsAt },
    Boolean(reviewed.stopsAt));
  reviewed.summed = true;
  showSummary();
  collectExercises();
}

// Reads a text or a file's bytes as games, loads the first and reviews it; bad input is told, the page unchanged.
async function loadGames(bytes) {
  let games;
  try {
    games = await readGames(bytes);
  } catch (e) {
    const key = e.key || 'review.not.file', values = e.values || { why: e.message };
    reviewState(key, values, true);
    return refuse(t(key, { ...values, why: values.why && reasonText(values.why) }));
  }
  reviewed.games = games;
  const pick = $('pgn-game');
  pick.innerHTML = '';
  games.forEach((g, k) => pick.add(new Option(`${k + 1}. ${gameTitle(g, false)}`, String(k))));
  pick.hidden = games.length < 2;
  loadGame(0);
}

// "Red player – Black player, event[, date]": the players by name, or by side where the file names none.
function gameTitle(g, dated) {
  const players = t('review.players', { red: g.tags.Red || sideName('red'), black: g.tags.Black || sideName('black') });
  return `${players}${g.tags.Event ? ', ' + g.tags.Event : ''}${dated && g.tags.Date ? ', ' + g.tags.Date : ''}`;
}

async function loadGame(k) {
  const g = reviewed.games[k];
  if (!g.moves.length) {
    const key = g.error ? 'review.not.game' : 'review.no.moves';
    reviewState(key, { why: g.error }, true);
    return refuse(t(key, { why: reasonText(g.error) }));
  }
  $('side').value = 'both'; // neither side is the engine's while the game is looked through
  game.flipped = false;
  $('analysis').checked = false;
  newGame(g.fen);
  game.moves = g.moves.map((iccs) => ({ iccs, chinese: iccs, wxf: iccs }));
  reviewed.game = g;
  reviewed.stopsAt = g.error;
  await refresh();
  reviewGame();
}

function wire() {
  const board = $('board');
  board.addEventListener('pointerdown', press);
  board.addEventListener('pointerup', release);
  $('new').onclick = () => newGame();
  $('undo').onclick = () => step(-1);
  $('redo').onclick = () => step(1);
  $('flip').onclick = () => { game.flipped = !game.flipped; draw(); };
  $('hint').onclick = hint;
  $('side').onchange = () => { game.flipped = setting('side') === 'black'; refresh(); };
  $('level').onchange = refresh;
  $('threads').onchange = refresh;
  $('edges').onchange = draw;
  $('analysis').onchange = refresh;
  for (const radio of document.querySelectorAll('input[name=notation]')) radio.onchange = () => { showMoves(); refresh(); };
  $('set-fen').onclick = setFen;
  $('pgn').onclick = pgn;
  $('load-pgn').onclick = () => loadGames(new TextEncoder().encode($('pgn-in').value));
  $('pgn-file').onchange = async (event) => {
    const file = event.target.files[0];
    if (file) loadGames(new Uint8Array(await file.arrayBuffer()));
    event.target.value = ''; // the same file again is a change
  };
  $('pgn-game').onchange = () => loadGame(Number($('pgn-game').value));
  $('review').onclick = () => { reviewed.stopsAt = ''; reviewGame(); };
  languageListeners.push(() => {
    refresh();
    showReviewState();
    showSummary();
    [...$('pgn-game').options].forEach((o, k) => { o.text = `${k + 1}. ${gameTitle(reviewed.games[k], false)}`; });
  });
  $('graph').addEventListener('click', (event) => {
    game.ply = graphPly($('graph'), event, game.moves.length);
    refresh();
  });
}

// One engine for the page's life; a page that is not cross-origin isolated gets none (docs/web.md).
async function start() {
  // Threads need shared memory, which a page has only when served cross-origin isolated (make serve).
  const cores = crossOriginIsolated ? navigator.hardwareConcurrency || 1 : 1;
  if (!crossOriginIsolated) $('threads').dataset.tTitle = 'analysis.one.thread';
  applyLanguage();
  $('language').onchange = () => setLanguage($('language').value);
  for (let n = 1; n <= cores; n++) $('threads').add(new Option(String(n), String(n), false, n === cores));
  try {
    // The endgame tables beside the page (web/egtb/, or `make serve EGTB=FOLDER`), read as positions need them.
    link = new EngineLink(await Chuhan({ tables: 'egtb/' }));
    await link.ask({}, ['uci'], (line) => line === 'uciok');
  } catch (e) {
    say(t('status.cannot.start', { why: e.message }));
    return;
  }
  wire();
  newGame();
}

start();
