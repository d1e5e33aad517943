// Endgame practice: a position of a small ending, drawn at random among those red wins (the
// longest mate of a few drawn), or the board's own where the tables hold it, played against the
// engine with the tables. `make web`
// builds them into web/egtb/; the engine reads them from there as it needs them (app.js's
// `Chuhan({ tables })`: a request a block), plays the tables' best defence or attack and
// its `d` says what they hold. After
// every move the panel says the tables' verdict, whether the last move changed it, and at the
// mate the winner's moves against the tables' best play. Uses app.js's game and engine link.
'use strict';

const PRACTICE_DRAWS = 400;  // positions tried at most for one practice
const PRACTICE_WINS = 24;    // red's wins among them from which the longest mate is kept
// verdicts: by the moves played from the start (movesText), what the tables held after them.
const practice = { fen: null, role: 'attack', ending: '', player: 'red', best: 0, verdicts: new Map(), said: null };

// Whether the game on the board is the practice's: a new game, a FEN or a game loaded ends it.
const practiceOn = () => practice.fen !== null && game.startFen === practice.fen;

// The points a man may stand on, red's at ranks 0 to 4 and black's mirrored: [file, rank].
function manPoints(kind) {
  const all = [];
  for (let f = 0; f <= 8; f++) for (let r = 0; r <= 9; r++) all.push([f, r]);
  const palace = all.filter(([f, r]) => f >= 3 && f <= 5 && r <= 2);
  const points = {
    K: palace,
    A: palace.filter(([f, r]) => (f + r) % 2 === 1),
    B: [[2, 0], [6, 0], [0, 2], [4, 2], [8, 2], [2, 4], [6, 4]],
    P: all.filter(([f, r]) => r >= 5 || (r >= 3 && f % 2 === 0)),
  }[kind.toUpperCase()] || all;
  return kind === kind.toUpperCase() ? points : points.map(([f, r]) => [f, 9 - r]);
}

// The ending's men each on a free point of its own, as a FEN; the engine refuses what the rules do not allow.
function randomFen(ending, side) {
  const board = Array.from({ length: 10 }, () => Array(9).fill(''));
  for (const kind of ending) {
    const free = manPoints(kind).filter(([f, r]) => !board[r][f]);
    const [f, r] = free[Math.floor(Math.random() * free.length)];
    board[r][f] = kind;
  }
  const rows = board.reverse().map((row) => row.map((c) => c || '1').join('').replace(/1+/g, (ones) => ones.length));
  return `${rows.join('/')} ${side} - - 0 1`;
}

// The `Tables:` line of a `d` ("win 3", "loss 0 rule", "draw limit") for red: the winner, by how many of its moves.
function tableVerdict(text, side) {
  const [word, n, ...flags] = (text || 'draw').split(' ');
  if (word === 'draw' || flags.includes('limit')) return { winner: null }; // beyond the limit the engine plays for a draw
  const mover = side === 'w' ? 'red' : 'black', other = side === 'w' ? 'black' : 'red';
  return { winner: word === 'win' ? mover : other, moves: Number(n), rule: flags.includes('rule') };
}

const verdictText = (v) => (v.winner ? t(v.rule ? 'practice.wins.rule' : 'practice.wins', { side: sideName(v.winner), n: v.moves })
  : t('practice.draw'));

// A position red wins in two moves or more, by mate (not the rule), the longest of the first few found; null if none.
async function drawPractice(ending, side) {
  let best = null;
  for (let n = 0, wins = 0; n < PRACTICE_DRAWS && wins < PRACTICE_WINS; n++) {
    const pos = parseDisplay(await link.ask({}, [`position fen ${randomFen(ending, side)}`, 'd'], isResult));
    const v = tableVerdict(pos.tables, side);
    if (pos.error || !pos.tables || v.winner !== 'red' || v.rule || v.moves < 2) continue;
    wins++;
    if (!best || v.moves > best.moves) best = { fen: pos.fen, moves: v.moves };
  }
  return best;
}

// What a practice starts from, {fen, moves, winner}, or {error} (a message): the board's own
// position where the tables hold it, else one of the ending drawn, red winning.
async function practiceStart(ending, role) {
  if (ending === 'board') {
    const pos = parseDisplay(await link.ask({}, [positionLine(), 'd'], isResult)), v = tableVerdict(pos.tables, pos.fen.split(' ')[1]);
    if (!pos.tables) return { error: 'practice.not.held' };
    return v.winner ? { fen: pos.fen, moves: v.moves, winner: v.winner } : { error: 'practice.drawn' };
  }
  practiceSay('practice.drawing');
  const found = await drawPractice(ending, role === 'attack' ? 'w' : 'b');
  return found ? { ...found, winner: 'red' } : { error: 'practice.none' };
}

async function startPractice() {
  const ending = $('practice-ending').value, role = $('practice-role').value;
  $('practice-start').disabled = true;
  try {
    const found = await practiceStart(ending, role);
    if (found.error) return practiceSay(found.error, { name: t(`practice.${ending}`) });
    const player = (role === 'attack') === (found.winner === 'red') ? 'red' : 'black';
    Object.assign(practice, { fen: found.fen, best: found.moves, role, ending, player, verdicts: new Map() });
    $('side').value = player;
    game.flipped = player === 'black';
    $('analysis').checked = false;
    newGame(found.fen);
  } catch (e) {
    practiceSay('practice.no.tables', { why: e.message });
  } finally {
    $('practice-start').disabled = false;
  }
}

// The engine's side of a practice game: the tables choose, the root keeping only their best moves.
const practiceSearch = () => ({ options: { ...FULL_STRENGTH, Threads: 1 }, go: 'go depth 1' });

function practiceSay(key, values = {}) {
  practice.said = { key, values };
  $('practice-said').textContent = t(key, values);
}

// The last move up to the board's that changed the verdict, with the verdict before it; null if none did.
function lastChange() {
  for (let ply = game.ply; ply > 0; ply--) {
    const now = practice.verdicts.get(movesText(ply)), was = practice.verdicts.get(movesText(ply - 1));
    if (now && was && now.winner !== was.winner) return { move: moveLabel(ply - 1), was: verdictText(was) };
  }
  return null;
}

// After every change of the board: the task, the tables' verdict and the last move that changed it, the count at the mate.
function showPractice() {
  if (!practiceOn()) {
    if (practice.fen !== null) practice.said = null;
    practice.fen = null;
    $('practice-said').textContent = practice.said ? t(practice.said.key, practice.said.values) : '';
    return;
  }
  const pos = game.position, side = pos.fen.split(' ')[1], v = tableVerdict(pos.tables, side);
  practice.verdicts.set(movesText(), v);
  const task = t(`practice.task.${practice.role}`, { name: t(`practice.${practice.ending}`), side: sideName(practice.player) });
  const parts = [task], change = lastChange();
  if (change) parts.push(t('practice.changed', change));
  const mated = gameOver() && / (mate|stalemate)$/.test(pos.result);
  if (mated) {
    const winner = pos.result.startsWith('1-0') ? 'red' : 'black', blackFirst = game.startFen.split(' ')[1] === 'b';
    const moves = game.moves.slice(0, game.ply).filter((m, i) => ((i + blackFirst) % 2 === 0 ? 'red' : 'black') === winner).length;
    parts.push(t('practice.done', { n: moves, best: practice.best }));
  } else {
    parts.push(t('practice.tables', { verdict: verdictText(v) }));
  }
  practice.said = null;
  $('practice-said').textContent = sentences(parts);
}

$('practice-start').onclick = startPractice;
